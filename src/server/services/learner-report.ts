import { and, count, desc, eq, gt, not, sql, type SQL } from 'drizzle-orm'
import type { LearnerReport, LearnerReportRow } from '../../shared/api-types'
import type { Course } from '../../shared/course/schema'
import { toPage } from '../../shared/paging'
import { REPORT_PAGE_SIZE, type ReportQuery, type ReportStatusFilter } from '../../shared/schemas/reports'
import type { Db } from '../db/client'
import { certificate, quizAttempt, user } from '../db/schema'

/**
 * A learner is an account with the user role. Their status: completed once they earned the
 * certificate (finishing every module; it stays if they reset their progress or a module is
 * added), else in
 * progress with at least one module done, else not started. The module count is a column of the
 * user row (kept by the progress service), so filtering and totalling 10,000s of learners reads
 * one table and a small one, never every progress row.
 */
const isLearner = eq(user.role, 'user')
// Spelled out: drizzle leaves the table name off a column when a query reads one table, and a bare
// "id" inside this subquery would be the certificate's.
const hasCertificate = sql`exists (select 1 from ${certificate} as "c" where "c"."user_id" = "user"."id")`

const statusFilters: Record<ReportStatusFilter, SQL | undefined> = {
  all: undefined,
  completed: hasCertificate,
  'in-progress': and(not(hasCertificate), gt(user.completedModules, 0)),
  'not-started': and(not(hasCertificate), eq(user.completedModules, 0)),
}

const learnerColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  lastActivityAt: user.lastActivityAt,
  isDisabled: user.banned,
  completedModules: user.completedModules,
  certificateId: certificate.id,
  completedAt: certificate.completedAt,
}

type Row = {
  id: string
  email: string
  name: string
  lastActivityAt: Date | null
  isDisabled: boolean
  completedModules: number
  certificateId: string | null
  completedAt: Date | null
}

type Scores = Map<string, { bestScore: number; attempts: number }>

/**
 * The learners' best score and attempt count on each module's knowledge check, by learner and
 * module: one grouped read of the attempts of `userIds` (or of everyone, for the CSV).
 */
async function knowledgeCheckScores(db: Db, userIds: readonly string[] | 'all'): Promise<Map<string, Scores>> {
  if (userIds !== 'all' && userIds.length === 0) return new Map()
  const grouped = await db
    .select({
      userId: quizAttempt.userId,
      moduleId: quizAttempt.moduleId,
      bestScore: sql<number>`max(${quizAttempt.score})::int`,
      attempts: sql<number>`count(*)::int`,
    })
    .from(quizAttempt)
    .where(userIds === 'all' ? undefined : sql`${quizAttempt.userId} = any(${sql.param([...userIds])}::text[])`)
    .groupBy(quizAttempt.userId, quizAttempt.moduleId)
  const byUser = new Map<string, Scores>()
  for (const row of grouped) {
    const scores = byUser.get(row.userId) ?? new Map()
    scores.set(row.moduleId, { bestScore: row.bestScore, attempts: row.attempts })
    byUser.set(row.userId, scores)
  }
  return byUser
}

/** The published course as the report counts it. */
export type ReportCourse = Pick<Course, 'modules'>

/** A row of the report; the percent is of the published course's modules. */
const toReportRow = (course: ReportCourse, scores: Map<string, Scores>) => (row: Row): LearnerReportRow => ({
  id: row.id,
  email: row.email,
  fullName: row.name === '' ? null : row.name,
  completedModules: row.completedModules,
  percent: Math.round((row.completedModules / course.modules.length) * 100),
  status: row.certificateId ? 'completed' : row.completedModules > 0 ? 'in-progress' : 'not-started',
  lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  certificateId: row.certificateId,
  isDisabled: row.isDisabled,
  knowledgeChecks: course.modules.flatMap((module, index) => {
    if (!module.knowledgeCheck) return []
    const score = scores.get(row.id)?.get(module.id)
    return [{ moduleId: module.id, moduleNumber: index + 1, bestScore: score?.bestScore ?? null, attempts: score?.attempts ?? 0 }]
  }),
})

const newestFirst = [desc(user.createdAt), desc(user.id)]
const matches = (status: ReportStatusFilter) => and(isLearner, statusFilters[status])

/** Matching learners with their certificate, newest account first. */
const withCertificates = (db: Db, where: SQL | undefined) =>
  db
    .select(learnerColumns)
    .from(user)
    .leftJoin(certificate, eq(certificate.userId, user.id))
    .where(where)
    .orderBy(...newestFirst)

async function totals(db: Db, moduleCount: number): Promise<LearnerReport['totals']> {
  const [row] = await db
    .select({
      learners: count(),
      completed: count(certificate.id),
      modules: sql<number>`coalesce(sum(${user.completedModules}), 0)`,
    })
    .from(user)
    // A join (hashed once), not an exists() per learner.
    .leftJoin(certificate, eq(certificate.userId, user.id))
    .where(isLearner)
  const learners = Number(row?.learners ?? 0)
  return {
    learners,
    completed: Number(row?.completed ?? 0),
    averagePercent: learners === 0 ? 0 : Math.round((Number(row?.modules ?? 0) / (learners * moduleCount)) * 100),
  }
}

/**
 * `GET /api/admin/reports`: totals over every learner, and one page of those the filter matches.
 * The page's ids are chosen first from narrow rows (no filter: the created_at index), then those
 * 50 are read with their certificates.
 */
export async function learnerReport(db: Db, { status, page }: ReportQuery, course: ReportCourse): Promise<LearnerReport> {
  const moduleCount = course.modules.length
  const pageIds = db
    .select({ id: user.id })
    .from(user)
    .where(matches(status))
    .orderBy(...newestFirst)
    .limit(REPORT_PAGE_SIZE)
    .offset((page - 1) * REPORT_PAGE_SIZE)
  const [summary, rows, [counted]] = await Promise.all([
    totals(db, moduleCount),
    withCertificates(db, sql`${user.id} = any(array${pageIds})`),
    db.select({ total: count() }).from(user).where(matches(status)),
  ])
  const total = Number(counted?.total ?? 0)
  const scores = await knowledgeCheckScores(db, rows.map((row) => row.id))
  return { totals: summary, rows: rows.map(toReportRow(course, scores)), moduleCount, ...toPage(total, page, REPORT_PAGE_SIZE) }
}

/** Every matching learner, for the CSV export: one statement, so one consistent snapshot. */
export async function allReportRows(db: Db, status: ReportStatusFilter, course: ReportCourse): Promise<LearnerReportRow[]> {
  const [rows, scores] = await Promise.all([withCertificates(db, matches(status)), knowledgeCheckScores(db, 'all')])
  return rows.map(toReportRow(course, scores))
}
