import { PageSpinner } from '../components/ui/spinner'
import { DataExportSection } from '../features/security/components/data-export-section'
import { SessionsSection } from '../features/security/components/sessions-section'
import { TwoFactorSection } from '../features/security/components/two-factor-section'
import { useAuth } from '../lib/auth'
import { pageTitle } from '../lib/site-config'

/** Security: two-factor sign-in, where the user is signed in, and the learner's own data to download. */
export default function SecurityPage() {
  const auth = useAuth()
  if (auth.status !== 'signed-in') return <PageSpinner />
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{pageTitle('Security')}</title>
      <h1 className="text-3xl font-bold tracking-tight">Security</h1>
      <TwoFactorSection profile={auth.profile} />
      <SessionsSection />
      <DataExportSection />
    </div>
  )
}
