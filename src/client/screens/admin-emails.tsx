import { EmailPreviewCard } from '../features/admin-emails/components/email-preview-card'
import { EmailSettingsForm } from '../features/admin-emails/components/email-settings-form'
import { useEmailSettings } from '../features/admin-emails/api'
import { Spinner } from '../components/ui/spinner'
import { pageTitle } from '../lib/site-config'

/** Settings → E-mails: the journey e-mails on or off, the nudge's cadence, a preview and a test. */
export default function AdminEmailsPage() {
  const settings = useEmailSettings()
  return (
    <>
      <title>{pageTitle('E-mails - Admin Panel')}</title>
      <div className="grid gap-6">
        <h2 className="text-2xl font-semibold">E-mails</h2>
        {settings.data ? (
          <EmailSettingsForm settings={settings.data} />
        ) : settings.isError ? (
          <p className="text-destructive">Failed to load the e-mail settings.</p>
        ) : (
          <Spinner label="Loading the e-mail settings" />
        )}
        <EmailPreviewCard />
      </div>
    </>
  )
}
