import { useState } from 'react'
import { EMAIL_KINDS, emailKindTitles, type EmailKind } from '../../../../shared/schemas/emails'
import { BusyButton } from '../../../components/ui/busy-button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useEmailPreview, useSendTestEmail } from '../api'

function Preview({ kind }: { kind: EmailKind }) {
  const preview = useEmailPreview(kind)
  if (preview.isPending) return <Spinner label="Loading the preview" />
  if (preview.isError) return <p className="text-sm text-muted-foreground">{adminFailure(preview.error, 'Failed to load the preview')}</p>
  const { subject, html, text, learnerEmail } = preview.data
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="font-medium">Subject:</span> {subject}
      </p>
      {learnerEmail && <p className="text-sm text-muted-foreground">Made from the data of {learnerEmail}.</p>}
      {/* Sandboxed, no scripts: the e-mail's HTML as a mail client shows it. */}
      <iframe title={`Preview of the ${emailKindTitles[kind]} e-mail`} sandbox="" srcDoc={html} className="h-96 w-full rounded-md border bg-white" />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Plain-text version</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{text}</pre>
      </details>
    </div>
  )
}

/** One e-mail rendered from a real learner's data, and "Send me a test" to the admin's own address. */
export function EmailPreviewCard() {
  const [kind, setKind] = useState<EmailKind>('nudge')
  const test = useSendTestEmail()
  const sendTest = () =>
    test.mutate(kind, {
      onSuccess: () => notify.success('Test e-mail sent to your address'),
      onError: (error) => notify.error(adminFailure(error, 'Failed to send the test e-mail')),
    })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>Each e-mail as a learner would get it now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="email-preview-kind">E-mail</Label>
            <select
              id="email-preview-kind"
              className="h-9 rounded-md border bg-background px-3 text-sm"
              value={kind}
              onChange={(event) => setKind(event.target.value as EmailKind)}
            >
              {EMAIL_KINDS.map((option) => (
                <option key={option} value={option}>
                  {emailKindTitles[option]}
                </option>
              ))}
            </select>
          </div>
          <BusyButton variant="outline" isBusy={test.isPending} onClick={sendTest}>
            {test.isPending ? 'Sending...' : 'Send me a test'}
          </BusyButton>
        </div>
        <Preview kind={kind} />
      </CardContent>
    </Card>
  )
}
