import { useState, type FormEvent } from 'react'
import { EmailSettingsSchema, emailKindTitles, type EmailSettings } from '../../../../shared/schemas/emails'
import { BusyButton } from '../../../components/ui/busy-button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useSaveEmailSettings } from '../api'

type Toggle = 'nudge' | 'moduleOpen' | 'completion' | 'renewal' | 'digest'
const toggles: { key: Toggle; title: string; hint: string }[] = [
  { key: 'nudge', title: emailKindTitles.nudge, hint: 'To a learner who has done nothing in the course for the days below; none after the certificate.' },
  { key: 'moduleOpen', title: emailKindTitles.module_open, hint: 'When the course schedule opens a module for a learner.' },
  { key: 'completion', title: emailKindTitles.completion, hint: 'Congratulations, with the certificate PDF attached and its verify link.' },
  { key: 'renewal', title: emailKindTitles.renewal, hint: 'Once, 30 days before a certificate expires, when certificates have a validity (Course section).' },
  { key: 'digest', title: emailKindTitles.digest, hint: 'Every Monday to each admin: new learners, completions, learners stalled 14 days or more.' },
]

const parseDays = (text: string) => text.split(/[\s,]+/).filter(Boolean).map(Number)

/** Each e-mail on or off, and the nudge's cadence; checked with the server's own schema before it is sent. */
export function EmailSettingsForm({ settings }: { settings: EmailSettings }) {
  const [draft, setDraft] = useState(settings)
  const [daysText, setDaysText] = useState(settings.nudge.days.join(', '))
  const [error, setError] = useState<string>()
  const save = useSaveEmailSettings()

  const setEnabled = (key: Toggle, enabled: boolean) => setDraft((current) => ({ ...current, [key]: { ...current[key], enabled } }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = EmailSettingsSchema.safeParse({ ...draft, nudge: { ...draft.nudge, days: parseDays(daysText) } })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the days')
      return
    }
    setError(undefined)
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('E-mail settings saved'),
      onError: (failure) => notify.error(adminFailure(failure, 'Failed to save the e-mail settings')),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Which e-mails are sent</CardTitle>
        <CardDescription>
          Learners can turn each one off from a link in every e-mail. Login details and password resets are always sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {toggles.map(({ key, title, hint }) => (
            <div key={key} className="grid gap-2">
              <div className="flex items-start gap-3">
                <input
                  id={`email-${key}`}
                  type="checkbox"
                  className="mt-1 size-4 accent-primary"
                  checked={draft[key].enabled}
                  onChange={(event) => setEnabled(key, event.target.checked)}
                  aria-describedby={`email-${key}-hint`}
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`email-${key}`}>{title}</Label>
                  <p id={`email-${key}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                </div>
              </div>
              {key === 'nudge' && (
                <div className="grid max-w-xs gap-1 pl-7">
                  <Label htmlFor="email-nudge-days">Days without activity</Label>
                  <Input
                    id="email-nudge-days"
                    inputMode="numeric"
                    value={daysText}
                    onChange={(event) => setDaysText(event.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'email-nudge-days-error' : 'email-nudge-days-hint'}
                  />
                  <p id="email-nudge-days-hint" className="text-sm text-muted-foreground">
                    For example 7, 14, 30: one nudge at each, then none.
                  </p>
                  {error && (
                    <p id="email-nudge-days-error" role="alert" className="text-sm font-medium text-destructive">
                      {error}
                    </p>
                  )}
                </div>
              )}
            </div>
          ))}
          <div>
            <BusyButton type="submit" isBusy={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
