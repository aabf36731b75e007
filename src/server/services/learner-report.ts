import { and, count, desc, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm'
import type { LearnerReport, LearnerReportRow } from '../../shared/api-types'
import { MODULE_COUNT } from '../../shared/course/catalog'
import { REPORT_PAGE_SIZE, type ReportQuery, type ReportStatusFilter } from '../../shared/schemas/reports'
import type { Db } from '../db/client'
import { certificate, moduleProgress, user } from '../db/schema'
import { progressOf } from './admin-user-list'

/**
 * A learner is an account with the user role. Their status: completed once they earned the
 * certificate (finishing all eight modules; it stays if they reset their progress), else in
 * progress with at least one module done, else not started.
 */
const isLearner = eq(user.role, 'user')
const hasProgress = sql`exists (select 1 from ${moduleProgress} as "mp" where "mp"."user_id" = ${user.id})`

const statusFilters: Record<ReportStatusFilter, SQL | undefined> = {
  all: undefined,
  completed: isNotNull(certificate.id),
  'in-progress': and(isNull(certificate.id), hasProgress),
  'not-started': and(isNull(certificate.id), not(hasProgress)),
}

const learnerColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  lastActivityAt: user.lastActivityAt,
  banned: user.banned,
  completedModules: progressOf('user'),
  certificateId: certificate.id,
  completedAt: certificate.completedAt,
}

type Row = {
  id: string
  email: string
  name: string
  lastActivityAt: Date | null
  banned: boolean
  completedModules: number
  certificateId: string | null
  completedAt: Date | null
}

const toReportRow = (row: Row): LearnerReportRow => {
  const completedModules = Number(row.completedModules)
  return {
    id: row.id,
    email: row.email,
    fullName: row.name === '' ? null : row.name,
    completedModules,
    percent: Math.round((completedModules / MODULE_COUNT) * 100),
    status: row.certificateId ? 'completed' : completedModules > 0 ? 'in-progress' : 'not-started',
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    certificateId: row.certificateId,
    isDisabled: row.banned,
  }
}

/** The matching learners, newest account first; progress is counted only for the rows returned. */
const matching = (db: Db, status: ReportStatusFilter) =>
  db
    .select(learnerColumns)
    .from(user)
    .leftJoin(certificate, eq(certificate.userId, user.id))
    .where(and(isLearner, statusFilters[status]))
    .orderBy(desc(user.createdAt), desc(user.id))
    .$dynamic()

async function totals(db: Db): Promise<LearnerReport['totals']> {
  const [learners] = await db
    .select({ learners: count(), completed: count(certificate.id) })
    .from(user)
    .leftJoin(certificate, eq(certificate.userId, user.id))
    .where(isLearner)
  const [modules] = await db
    .select({ done: count() })
    .from(moduleProgress)
    .innerJoin(user, eq(user.id, moduleProgress.userId))
    .where(isLearner)
  const learnerCount = Number(learners?.learners ?? 0)
  const done = Number(modules?.done ?? 0)
  return {
    learners: learnerCount,
    completed: Number(learners?.completed ?? 0),
    averagePercent: learnerCount === 0 ? 0 : Math.round((done / (learnerCount * MODULE_COUNT)) * 100),
  }
}

/** `GET /api/admin/reports`: totals over every learner, one page of those the filter matches. */
export async function learnerReport(db: Db, { status, page }: ReportQuery): Promise<LearnerReport> {
  const [summary, rows, [counted]] = await Promise.all([
    totals(db),
    matching(db, status).limit(REPORT_PAGE_SIZE).offset((page - 1) * REPORT_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(user)
      .leftJoin(certificate, eq(certificate.userId, user.id))
      .where(and(isLearner, statusFilters[status])),
  ])
  const total = Number(counted?.total ?? 0)
  return {
    totals: summary,
    rows: rows.map(toReportRow),
    total,
    page,
    pageSize: REPORT_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE)),
  }
}

/** Every matching learner, for the CSV export: one statement, so one consistent snapshot. */
export async function allReportRows(db: Db, status: ReportStatusFilter): Promise<LearnerReportRow[]> {
  return (await matching(db, status)).map(toReportRow)
}
