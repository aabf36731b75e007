import { Hono } from 'hono'
import type { LearnerReportRow } from '../../shared/api-types'
import { learnerStatusLabels } from '../../shared/learner-status'
import type { WatchingReportRow } from '../../shared/media'
import { ReportExportQuerySchema, ReportQuerySchema, WatchingReportQuerySchema } from '../../shared/schemas/reports'
import type { AppDeps } from '../deps'
import { csvLine } from '../services/csv'
import { allReportRows, learnerReport, type ReportCourse } from '../services/learner-report'
import { allWatchingRows, watchingReport } from '../services/watching-report'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const HEADER = [
  'Email',
  'Full Name',
  'Status',
  'Modules Completed',
  'Percent',
  'Last Activity (UTC)',
  'Completed On (UTC)',
  'Certificate ID',
  'Account',
]

const minutes = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '')

/** Two columns per knowledge check of the published course: the best score and the attempts. */
const knowledgeCheckHeader = (course: ReportCourse) =>
  course.modules.flatMap((module, index) =>
    module.knowledgeCheck ? [`Module ${index + 1} Best Score (%)`, `Module ${index + 1} Quiz Attempts`] : [],
  )

const toCells = (row: LearnerReportRow) => [
  row.email,
  row.fullName,
  learnerStatusLabels[row.status],
  row.completedModules,
  row.percent,
  minutes(row.lastActivityAt),
  row.completedAt?.slice(0, 10),
  row.certificateId,
  row.isDisabled ? 'Disabled' : 'Active',
  ...row.knowledgeChecks.flatMap((check) => [check.bestScore, check.attempts]),
]

const WATCHING_HEADER = ['Email', 'Full Name', 'Module', 'Module Title', 'Lesson', 'Percent Watched', 'Last Watched (UTC)']

const toWatchingCells = (row: WatchingReportRow) => [
  row.email,
  row.fullName,
  row.moduleNumber,
  row.moduleTitle,
  row.lessonTitle,
  row.percentWatched,
  minutes(row.lastWatchedAt),
]

const csvAnswer = (body: string, filename: string) =>
  new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
  })

/** Learner reports: `GET /api/admin/reports` (a page) and `GET /api/admin/reports.csv` (every row). Admin-only. */
export function createAdminReportRoutes({ db, guards, courseStore }: AppDeps): ApiRoutes {
  // Percent of the published course, as learners see it now, and its knowledge checks.
  const course = () => courseStore.current().document
  const routes = new Hono()
    .get('/reports', guards.requireAdmin, validate('query', ReportQuerySchema), async (c) =>
      c.json(await learnerReport(db, c.req.valid('query'), course())),
    )
    .get('/reports.csv', guards.requireAdmin, validate('query', ReportExportQuerySchema), async (c) => {
      const { status } = c.req.valid('query')
      const live = course()
      const rows = await allReportRows(db, status, live)
      // The byte-order mark makes Excel read the file as UTF-8 (names with accents).
      const header = [...HEADER, ...knowledgeCheckHeader(live)]
      const body = '\uFEFF' + csvLine(header) + rows.map((row) => csvLine(toCells(row))).join('')
      const filename = `learner-report-${new Date().toISOString().slice(0, 10)}${status === 'all' ? '' : `-${status}`}.csv`
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      })
    })
    // Who watched which lesson's video, and how far (docs/decisions/0055-watch-tracking.md).
    .get('/reports/watching', guards.requireAdmin, validate('query', WatchingReportQuerySchema), async (c) =>
      c.json(await watchingReport(db, courseStore.current(), c.req.valid('query').page)),
    )
    .get('/reports/watching.csv', guards.requireAdmin, async () => {
      const rows = await allWatchingRows(db, courseStore.current())
      const body = '\uFEFF' + csvLine(WATCHING_HEADER) + rows.map((row) => csvLine(toWatchingCells(row))).join('')
      return csvAnswer(body, `watching-report-${new Date().toISOString().slice(0, 10)}.csv`)
    })
  return { path: '/api/admin', routes }
}
