import { z } from 'zod'

/**
 * The journey e-mails (docs/decisions/0089-email-journeys.md). Account mail (login details, a
 * password reset) is not among them: it is always sent.
 */
export const EMAIL_KINDS = ['nudge', 'module_open', 'completion', 'digest'] as const
export type EmailKind = (typeof EMAIL_KINDS)[number]

/** What the preferences page and the admin screen call each kind. */
export const emailKindLabels: Record<EmailKind, string> = {
  nudge: 'Reminders when I have not been active for a while',
  module_open: 'A new module is open',
  completion: 'Course completed, with my certificate',
  digest: 'Weekly summary for the course owner',
}

/** The admin screen's name of each kind. */
export const emailKindTitles: Record<EmailKind, string> = {
  nudge: 'Nudge',
  module_open: 'Module open',
  completion: 'Completion',
  digest: 'Owner digest',
}

const cadence = z
  .array(z.int('Enter whole days').min(1, 'Days must be 1 or more').max(365, 'Days must be 365 or fewer'))
  .min(1, 'Enter at least one day')
  .max(5, 'Enter at most 5 steps')
  .refine((days) => days.every((day, index) => index === 0 || day > days[index - 1]!), 'Enter the days in increasing order')

export const EmailSettingsSchema = z.strictObject({
  nudge: z.strictObject({ enabled: z.boolean(), days: cadence }),
  moduleOpen: z.strictObject({ enabled: z.boolean() }),
  completion: z.strictObject({ enabled: z.boolean() }),
  digest: z.strictObject({ enabled: z.boolean() }),
})
export type EmailSettings = z.infer<typeof EmailSettingsSchema>

/** Nudges after 7, 14 and 30 days without activity, then none; the owner's digest off until turned on. */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  nudge: { enabled: true, days: [7, 14, 30] },
  moduleOpen: { enabled: true },
  completion: { enabled: true },
  digest: { enabled: false },
}

export const isKindEnabled = (settings: EmailSettings, kind: EmailKind): boolean =>
  kind === 'nudge'
    ? settings.nudge.enabled
    : kind === 'module_open'
      ? settings.moduleOpen.enabled
      : kind === 'completion'
        ? settings.completion.enabled
        : settings.digest.enabled

export const EmailPreviewQuerySchema = z.strictObject({
  kind: z.enum(EMAIL_KINDS, { error: 'Choose an e-mail' }),
  userId: z.string().min(1).max(100).optional(),
})

export const EmailTestSchema = z.strictObject({ kind: z.enum(EMAIL_KINDS, { error: 'Choose an e-mail' }) })

/** One sent (or tried) e-mail as the admin's list of a learner's e-mails shows it. */
export type SentEmailEntry = {
  id: string
  kind: EmailKind
  occasion: string
  status: 'sending' | 'delivered' | 'failed'
  error: string | null
  requestedByEmail: string | null
  createdAt: string
  updatedAt: string
}

export type EmailPreview = { subject: string; html: string; text: string; learnerEmail: string | null }

/** "Send a reminder now": queued, or why not. */
export type ReminderResult = { status: 'queued' | 'already_sent_today' }

export const LearnerIdParamSchema = z.object({ id: z.string().min(1).max(100) })
