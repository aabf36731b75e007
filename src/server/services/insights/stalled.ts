import { sql, type SQL } from 'drizzle-orm'
import type { Course } from '../../../shared/course/schema'
import type { StalledLearners } from '../../../shared/insights'
import { toPage } from '../../../shared/paging'
import { STALLED_DAYS, STALLED_PAGE_SIZE, type StalledQuery } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'
import { cohortCondition, describeCohort, rowsOf } from './cohort'

type LearnerRow = { id: string; email: string; name: string; last_activity_at: Date | string | null; created_at: Date | string; total: number }
type DoneRow = { user_id: string; module_id: string }

/**
 * The cohort's learners without a certificate whose last activity (or, never having signed in,
 * their enrolment) is STALLED_DAYS or more ago: the most recently active first, as they are the
 * likeliest to come back; where each stopped is the first module of the course they have not completed.
 */
export async function stalledLearners(db: Db, course: Pick<Course, 'modules'>, query: StalledQuery, now = new Date()): Promise<StalledLearners> {
  const cutoff = new Date(now)
  cutoff.setUTCDate(cutoff.getUTCDate() - STALLED_DAYS)
  const rows = await rowsOf<LearnerRow>(
    db,
    sql`select "u"."id", "u"."email", "u"."name", "u"."last_activity_at", "u"."created_at", count(*) over ()::int as "total"
      from "user" as "u" where ${isStalled(query, cutoff)}
      order by coalesce("u"."last_activity_at", "u"."created_at") desc, "u"."id"
      limit ${STALLED_PAGE_SIZE} offset ${(query.page - 1) * STALLED_PAGE_SIZE}`,
  )
  const ids = rows.map((row) => row.id)
  const done =
    ids.length === 0
      ? []
      : await rowsOf<DoneRow>(db, sql`select "user_id", "module_id" from "module_progress" where "user_id" = any(${sql.param(ids)}::text[])`)
  const doneBy = new Map<string, Set<string>>()
  for (const row of done) doneBy.set(row.user_id, (doneBy.get(row.user_id) ?? new Set()).add(row.module_id))
  // A page past the last has no row to carry the count: count once more.
  const total = rows[0]?.total ?? (query.page > 1 ? await countStalled(db, isStalled(query, cutoff)) : 0)
  return {
    cohort: describeCohort(query),
    days: STALLED_DAYS,
    rows: rows.map((row) => {
      const completed = doneBy.get(row.id) ?? new Set()
      const stopIndex = course.modules.findIndex((module) => !completed.has(module.id))
      return {
        id: row.id,
        email: row.email,
        fullName: row.name,
        stoppedAt: stopIndex < 0 ? null : { moduleNumber: stopIndex + 1, title: course.modules[stopIndex]!.title },
        completedModules: course.modules.filter((module) => completed.has(module.id)).length,
        moduleCount: course.modules.length,
        lastActivityAt: row.last_activity_at === null ? null : new Date(row.last_activity_at).toISOString(),
        enrolledAt: new Date(row.created_at).toISOString(),
      }
    }),
    ...toPage(total, query.page, STALLED_PAGE_SIZE),
  }
}

const isStalled = (query: StalledQuery, cutoff: Date) => sql`${cohortCondition(query)}
  and coalesce("u"."last_activity_at", "u"."created_at") < ${cutoff.toISOString()}::timestamptz
  and not exists (select 1 from "certificate" as "c" where "c"."user_id" = "u"."id")`

async function countStalled(db: Db, condition: SQL): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as "total" from "user" as "u" where ${condition}`)
  return row?.total ?? 0
}
