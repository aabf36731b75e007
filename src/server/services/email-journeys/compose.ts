import { and, count, eq, gte, sql } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/durations'
import { formatCertificateDate } from '../../../shared/course/dates'
import { paths } from '../../../shared/paths'
import { adminPaths } from '../../../shared/admin-paths'
import { summarizeCourseProgress } from '../../../shared/course/progress'
import type { EmailKind } from '../../../shared/schemas/emails'
import type { CourseStore } from '../../course/course-store'
import type { Db } from '../../db/client'
import { certificate, moduleProgress, user } from '../../db/schema'
import type { Env } from '../../env'
import type { Mail } from '../../mail/mailer'
import type { Common, JourneyTemplate } from '../../mail/journeys/templates'
import { emailLinks, unsubscribeHeaders } from './links'
import { lastActivityOf, stalledSince } from './activity'

export type ComposeDeps = { db: Db; env: Pick<Env, 'absoluteUrl' | 'site'>; authSecret: string; courseStore: CourseStore }

/** Which e-mail, for whom, on what occasion: a job's payload and the sent record's key. */
export type JourneyEmail = { userId: string; kind: EmailKind; occasion: string; moduleId?: string; requestedBy?: string }

export type Recipient = { id: string; email: string; name: string; role: string; banned: boolean }

export async function findRecipient(db: Pick<Db, 'select'>, userId: string): Promise<Recipient | undefined> {
  const [found] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, banned: user.banned })
    .from(user)
    .where(eq(user.id, userId))
  return found
}

/**
 * The e-mail as it would go now, from the learner's current data, or undefined when there is
 * nothing to say any more (the course was completed before a nudge went, the module left the
 * course, no certificate). Used for sending, the admin's preview and "Send me a test".
 */
export async function composeJourneyMail(deps: ComposeDeps, to: Recipient, email: JourneyEmail, now: Date, sendTo: Recipient = to): Promise<Mail | undefined> {
  const { env } = deps
  // A test sent to an admin from a learner's data: its links change the admin's own choices only.
  const links = emailLinks(env.absoluteUrl, deps.authSecret, sendTo.id, email.kind)
  const common: Common = { courseName: env.site.courseName, tagline: env.site.tagline, name: to.name, links }
  const template = await templateFor(deps, to, email, common, now)
  if (!template) return undefined
  const attachments = template.attachments
  const { renderJourneyMail } = await import('../../mail/journeys/render')
  return renderJourneyMail(sendTo.email, template.template, { headers: unsubscribeHeaders(links), attachments })
}

type Composed = { template: JourneyTemplate; attachments?: NonNullable<Mail['attachments']> }

async function templateFor(deps: ComposeDeps, to: Recipient, email: JourneyEmail, common: Common, now: Date): Promise<Composed | undefined> {
  const { db, env, courseStore } = deps
  // Loaded on the first e-mail: react-email's components are a tenth of an idle server's heap
  // (docs/decisions/0103-rarely-used-libraries-load-on-first-use.md).
  const { completionTemplate, digestTemplate, moduleOpenTemplate, nudgeTemplate, renewalTemplate } = await import('../../mail/journeys/templates')
  const live = courseStore.current()
  const catalog = live.learnerCatalog.modules
  if (email.kind === 'nudge') {
    if (await findCertificate(db, to.id)) return undefined
    const done = await db.select({ moduleId: moduleProgress.moduleId }).from(moduleProgress).where(eq(moduleProgress.userId, to.id))
    const summary = summarizeCourseProgress(catalog, done.map((row) => row.moduleId))
    const next = catalog.find((module) => module.moduleNumber === summary.nextModuleNumber)
    if (!next) return undefined
    const activeAt = await lastActivityOf(db, to.id)
    const daysInactive = Math.max(0, Math.floor((now.getTime() - activeAt.getTime()) / DAY_MS))
    const template = nudgeTemplate({
      ...common,
      daysInactive,
      isManual: email.occasion.startsWith('manual:'),
      moduleNumber: next.moduleNumber,
      moduleTitle: next.title,
      moduleMinutes: next.minutes,
      completedCount: summary.completedCount,
      totalModules: summary.totalModules,
      percent: summary.percent,
      moduleUrl: env.absoluteUrl(paths.module(next.moduleNumber)),
    })
    return { template }
  }
  if (email.kind === 'module_open') {
    const moduleNumber = email.moduleId ? live.numberById.get(email.moduleId) : catalog[0]?.moduleNumber
    const module = catalog.find((entry) => entry.moduleNumber === moduleNumber)
    if (!module) return undefined
    const template = moduleOpenTemplate({
      ...common,
      moduleNumber: module.moduleNumber,
      moduleTitle: module.title,
      moduleMinutes: module.minutes,
      moduleUrl: env.absoluteUrl(paths.module(module.moduleNumber)),
    })
    return { template }
  }
  if (email.kind === 'completion') {
    const issued = await findCertificate(db, to.id)
    if (!issued) return undefined
    const verifyUrl = env.absoluteUrl(paths.verify(issued.id))
    const { renderCertificatePdf } = await import('../../certificates/certificate-pdf')
    const pdf = await renderCertificatePdf({
      id: issued.id,
      recipientName: issued.recipientName ?? (to.name.trim() || to.email),
      courseName: env.site.courseName,
      tagline: env.site.tagline,
      completedAt: issued.completedAt,
      moduleCount: issued.moduleCount,
      verifyUrl,
    })
    const template = completionTemplate({ ...common, verifyUrl, completionUrl: env.absoluteUrl(paths.completion) })
    return { template, attachments: [{ filename: 'certificate.pdf', content: Buffer.from(pdf), contentType: 'application/pdf' }] }
  }
  if (email.kind === 'renewal') {
    const issued = await findCertificate(db, to.id)
    // Renewed since, or it does not expire: nothing to remind of.
    if (!issued?.expiresAt || (email.occasion.startsWith('certificate:') && email.occasion !== `certificate:${issued.id}`)) return undefined
    const template = renewalTemplate({
      ...common,
      expiresOn: formatCertificateDate(issued.expiresAt),
      checkCount: live.document.modules.filter((module) => module.knowledgeCheck).length,
      completionUrl: env.absoluteUrl(paths.completion),
    })
    return { template }
  }
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS)
  const [{ newLearners } = { newLearners: 0 }] = await db
    .select({ newLearners: count() })
    .from(user)
    .where(and(eq(user.role, 'user'), gte(user.createdAt, weekAgo)))
  const [{ completions } = { completions: 0 }] = await db
    .select({ completions: count() })
    .from(certificate)
    // A renewal (decision 0094) is a new certificate but not a completion.
    .where(sql`${certificate.issuedAt} >= ${weekAgo} and not exists (select 1 from "certificate" as "r" where "r"."replaced_by" = ${certificate.id})`)
  const stalled = await stalledSince(db, new Date(now.getTime() - 14 * DAY_MS))
  const template = digestTemplate({
    ...common,
    newLearners,
    completions,
    stalledTotal: stalled.length,
    stalled: stalled.slice(0, 10).map((row) => ({
      name: row.name,
      email: row.email,
      days: Math.floor((now.getTime() - row.activeAt.getTime()) / DAY_MS),
    })),
    insightsUrl: env.absoluteUrl(adminPaths.insights),
  })
  return { template }
}

async function findCertificate(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db.select().from(certificate).where(eq(certificate.userId, userId)).limit(1)
  return row
}
