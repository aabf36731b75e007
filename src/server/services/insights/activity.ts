import { sql, type SQL } from 'drizzle-orm'
import type { Activity } from '../../../shared/insights'
import { INSIGHTS_DEFAULT_WEEKS, type InsightsQuery } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'
import { rangeOf, rowsOf, sourceCondition } from './cohort'

type WeekRow = { week_start: string; new_learners: number; active_learners: number; completions: number }
type MedianRow = { median_days: number | null; measured: number }

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A completion is the learner's first certificate: a renewal (decision 0094) is not a second
 * completion, and the one it replaced keeps its date though it left the learner's `user_id`.
 */
const FIRST_CERTIFICATE = sql`not exists (select 1 from "certificate" as "r" where "r"."replaced_by" = "c"."id")`

/** The range the weekly chart shows: the one chosen, or the last INSIGHTS_DEFAULT_WEEKS weeks to today. */
function weeksRange(filter: InsightsQuery, now: Date): { start: Date; end: Date } {
  const chosen = rangeOf(filter)
  if (chosen) return chosen
  const end = new Date(`${isoDay(now)}T00:00:00Z`)
  end.setUTCDate(end.getUTCDate() + 1)
  const start = new Date(end)
  start.setUTCDate(start.getUTCDate() - INSIGHTS_DEFAULT_WEEKS * 7)
  return { start, end }
}

/**
 * Per week (Monday to Sunday, UTC) of the range: learners of the source who enrolled, who were
 * active (signed in, completed a module, took a knowledge check, or last reported watching a
 * video that week), and who earned the certificate; and the median days from first sign-in to
 * certificate over the certificates of the range. Unlike the other charts, this one counts events
 * in the range, whenever the learner enrolled.
 */
export async function activity(db: Db, filter: InsightsQuery, now = new Date()): Promise<Activity> {
  const { start, end } = weeksRange(filter, now)
  const [from, to] = [sql`${start.toISOString()}::timestamptz`, sql`${end.toISOString()}::timestamptz`]
  const week = (column: SQL) => sql`date_trunc('week', ${column} at time zone 'UTC')::date`
  const [weeks, [median]] = await Promise.all([
    rowsOf<WeekRow>(
      db,
      // Each learner counts once a week however much they did: the events are made distinct per
      // week first (a hash, not a sort of every event), then joined to the learners of the source.
      sql`with weeks as (
          select "week"::date as "week_start" from generate_series(date_trunc('week', ${from} at time zone 'UTC'), ${to} at time zone 'UTC' - interval '1 microsecond', interval '1 week') as "week"
        ),
        joined as (
          select ${week(sql`"u"."created_at"`)} as "week_start", count(*)::int as "count" from "user" as "u"
          where ${sourceCondition(filter.source)} and "u"."created_at" >= ${from} and "u"."created_at" < ${to} group by 1
        ),
        events as (
          select "target_id" as "user_id", ${week(sql`"created_at"`)} as "week_start" from "audit_log" where "action" = 'sign_in' and "created_at" >= ${from} and "created_at" < ${to}
          union select "user_id", ${week(sql`"completed_at"`)} from "module_progress" where "completed_at" >= ${from} and "completed_at" < ${to}
          union select "user_id", ${week(sql`"created_at"`)} from "quiz_attempt" where "created_at" >= ${from} and "created_at" < ${to}
          union select "user_id", ${week(sql`"updated_at"`)} from "lesson_watch" where "updated_at" >= ${from} and "updated_at" < ${to}
        ),
        active as (
          select events."week_start", count(*)::int as "count"
          from events join "user" as "u" on "u"."id" = events."user_id" where ${sourceCondition(filter.source)} group by 1
        ),
        certified as (
          select ${week(sql`"c"."completed_at"`)} as "week_start", count(*)::int as "count"
          from "certificate" as "c" join "user" as "u" on "u"."id" = coalesce("c"."user_id", "c"."former_user_id")
          where ${sourceCondition(filter.source)} and ${FIRST_CERTIFICATE} and "c"."completed_at" >= ${from} and "c"."completed_at" < ${to} group by 1
        )
        select to_char(weeks."week_start", 'YYYY-MM-DD') as "week_start",
          coalesce(joined."count", 0) as "new_learners", coalesce(active."count", 0) as "active_learners", coalesce(certified."count", 0) as "completions"
        from weeks
          left join joined on joined."week_start" = weeks."week_start"
          left join active on active."week_start" = weeks."week_start"
          left join certified on certified."week_start" = weeks."week_start"
        order by weeks."week_start"`,
    ),
    rowsOf<MedianRow>(
      db,
      sql`select percentile_cont(0.5) within group (order by extract(epoch from "c"."completed_at" - "u"."first_signed_in_at") / 86400)::float8 as "median_days",
          count(*)::int as "measured"
        from "certificate" as "c" join "user" as "u" on "u"."id" = coalesce("c"."user_id", "c"."former_user_id")
        where ${sourceCondition(filter.source)} and ${FIRST_CERTIFICATE} and "u"."first_signed_in_at" is not null
          and "c"."completed_at" >= ${from} and "c"."completed_at" < ${to}`,
    ),
  ])
  const lastDay = new Date(end)
  lastDay.setUTCDate(lastDay.getUTCDate() - 1)
  return {
    from: isoDay(start),
    to: isoDay(lastDay),
    source: filter.source,
    weeks: weeks.map((row) => ({ weekStart: row.week_start, newLearners: row.new_learners, activeLearners: row.active_learners, completions: row.completions })),
    medianDaysToCertificate: median?.median_days == null ? null : Math.round(median.median_days * 10) / 10,
    certificatesMeasured: median?.measured ?? 0,
  }
}
