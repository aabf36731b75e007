import { and, eq, gt, gte, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/durations'
import type { Db } from '../../db/client'
import { certificate, emailOptOut, user } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import { RENEWAL_WINDOW_DAYS } from '../certificate-renewal'
import { modulesOpeningBetween } from '../module-schedule'
import type { JourneyEmail } from './compose'
import { emailJobKey } from './send'
import { readEmailSettings } from './settings'
import { stalledSince } from './activity'

/**
 * How far back the scan looks for modules the drip schedule opened: a day and a half, so a scan
 * missed while the server was down still sends the notice, and one from last week is not sent late.
 */
const OPENING_WINDOW_MS = 1.5 * DAY_MS

/** A certificate issued longer ago than this gets no completion e-mail: one from before e-mails existed. */
const COMPLETION_WINDOW_MS = 3 * DAY_MS

/** Monday of `now`'s week (UTC): the digest's occasion. */
export function weekOf(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return `week:${day.toISOString().slice(0, 10)}`
}

const queueEmail = (db: Db, email: JourneyEmail, now: Date) =>
  enqueue(db, { name: 'email', payload: email, key: emailJobKey(email), runAt: now })

/**
 * The journeys' scan, run by the queue every 15 minutes: queues each e-mail that is due, once
 * per occasion (the queue's key and the sent record make a second scan add nothing). Answers how
 * many jobs it added.
 */
export async function scanJourneys(db: Db, now: Date): Promise<number> {
  const settings = await readEmailSettings(db)
  const due: JourneyEmail[] = []

  if (settings.nudge.enabled) {
    const days = settings.nudge.days
    const inactive = await stalledSince(db, new Date(now.getTime() - days[0]! * DAY_MS), 'nudge')
    for (const learner of inactive) {
      const idleDays = Math.floor((now.getTime() - learner.activeAt.getTime()) / DAY_MS)
      // Only the latest step reached: a learner first seen at 20 days gets one nudge, not two.
      const step = days.filter((day) => day <= idleDays).at(-1)
      if (step !== undefined) due.push({ userId: learner.id, kind: 'nudge', occasion: `idle:${learner.activeAt.toISOString()}:${step}` })
    }
  }

  if (settings.completion.enabled) {
    const issued = await db
      .select({ userId: certificate.userId, id: certificate.id })
      .from(certificate)
      .where(
        and(
          isNotNull(certificate.userId),
          gte(certificate.issuedAt, new Date(now.getTime() - COMPLETION_WINDOW_MS)),
          // A renewal's certificate is not a completion (docs/decisions/0094-certificate-renewal.md).
          sql`not exists (select 1 from "certificate" as "r" where "r"."replaced_by" = ${certificate.id})`,
        ),
      )
    for (const row of issued) due.push({ userId: row.userId!, kind: 'completion', occasion: `certificate:${row.id}` })
  }

  if (settings.renewal.enabled) {
    // A certificate in its last 30 days (docs/decisions/0094-certificate-renewal.md): one reminder each.
    const expiring = await db
      .select({ userId: certificate.userId, id: certificate.id })
      .from(certificate)
      .where(
        and(
          isNotNull(certificate.userId),
          isNull(certificate.revokedAt),
          gt(certificate.expiresAt, now),
          lte(certificate.expiresAt, new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS)),
        ),
      )
    for (const row of expiring) due.push({ userId: row.userId!, kind: 'renewal', occasion: `certificate:${row.id}` })
  }

  if (settings.moduleOpen.enabled) {
    for (const opening of await modulesOpeningBetween(db, new Date(now.getTime() - OPENING_WINDOW_MS), new Date(now.getTime() + 1))) {
      due.push({ userId: opening.userId, kind: 'module_open', occasion: `module:${opening.moduleId}`, moduleId: opening.moduleId })
    }
  }

  if (settings.digest.enabled) {
    const admins = await db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.role, 'admin'),
          eq(user.banned, false),
          notExists(db.select({ one: sql`1` }).from(emailOptOut).where(and(eq(emailOptOut.userId, user.id), eq(emailOptOut.kind, 'digest')))),
        ),
      )
    for (const admin of admins) due.push({ userId: admin.id, kind: 'digest', occasion: weekOf(now) })
  }

  let added = 0
  for (const email of due) if (await queueEmail(db, email, now)) added += 1
  return added
}
