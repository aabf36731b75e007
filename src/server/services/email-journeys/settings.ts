import { DEFAULT_EMAIL_SETTINGS, EmailSettingsSchema, type EmailSettings } from '../../../shared/schemas/emails'
import type { Db } from '../../db/client'
import { emailSettings } from '../../db/schema'
import { recordAudit, type AuditContext } from '../audit-log'

/** The owner's settings, or the defaults until they are first saved. */
export async function readEmailSettings(db: Pick<Db, 'select'>): Promise<EmailSettings> {
  const [row] = await db.select({ settings: emailSettings.settings }).from(emailSettings).limit(1)
  const parsed = EmailSettingsSchema.safeParse(row?.settings)
  return parsed.success ? parsed.data : DEFAULT_EMAIL_SETTINGS
}

export async function saveEmailSettings(db: Db, settings: EmailSettings, audit: AuditContext): Promise<EmailSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(emailSettings)
      .values({ id: 1, settings, updatedAt: new Date() })
      .onConflictDoUpdate({ target: emailSettings.id, set: { settings, updatedAt: new Date() } })
    const on = [
      settings.nudge.enabled && `nudge after ${settings.nudge.days.join(', ')} days`,
      settings.moduleOpen.enabled && 'module open',
      settings.completion.enabled && 'completion',
      settings.renewal.enabled && 'certificate renewal',
      settings.digest.enabled && 'owner digest',
    ].filter(Boolean)
    await recordAudit(tx, audit, { action: 'email_settings_changed', target: null, detail: { emails: on.join(', ') } })
  })
  return settings
}
