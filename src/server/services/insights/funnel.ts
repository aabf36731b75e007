import { sql, type SQL } from 'drizzle-orm'
import type { Funnel, FunnelStep } from '../../../shared/insights'
import type { Course } from '../../../shared/course/schema'
import type { InsightsQuery } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'
import { cohortCondition, describeCohort, percentOf, rowsOf } from './cohort'

type Totals = { enrolled: number; signed_in: number; started: number; certified: number }
type ModuleCounts = { position: number; started: number; completed: number; never_started_next: number; finished_next: number }
type FunnelRow = Totals & { modules: ModuleCounts[] }

/**
 * The funnel of the cohort: enrolled → signed in → started → each module of the published course
 * completed → certificate. A learner "started" a module when they watched one of its videos, took
 * its knowledge check or completed it; the next module is the next in course order. Each learner's
 * modules are folded into two bit masks (done, started; a course has at most 50 modules), so every
 * count is one pass over the cohort, whatever the number of progress, attempt and watch rows.
 */
export async function funnel(db: Db, course: Pick<Course, 'modules'>, filter: InsightsQuery): Promise<Funnel> {
  const ids = sql.param(course.modules.map((module) => module.id))
  const bit = (column: SQL) => sql`bit_or(1::bigint << (array_position(${ids}::text[], ${column}) - 1))`
  const [row] = await rowsOf<FunnelRow>(
    db,
    sql`with cohort as (select "u"."id", "u"."first_signed_in_at" from "user" as "u" where ${cohortCondition(filter)}),
      done as (
        select "p"."user_id", ${bit(sql`"p"."module_id"`)} as "mask" from "module_progress" as "p" join cohort on cohort."id" = "p"."user_id"
        where "p"."module_id" = any(${ids}::text[]) group by 1
      ),
      opened as (
        select "a"."user_id", ${bit(sql`"a"."module_id"`)} as "mask" from "quiz_attempt" as "a" join cohort on cohort."id" = "a"."user_id"
        where "a"."module_id" = any(${ids}::text[]) group by 1
        union all
        select "w"."user_id", ${bit(sql`"w"."module_id"`)} from "lesson_watch" as "w" join cohort on cohort."id" = "w"."user_id"
        where "w"."module_id" = any(${ids}::text[]) group by 1
        union all
        select "user_id", "mask" from done
      ),
      learners as (
        select cohort."id", cohort."first_signed_in_at", coalesce(done."mask", 0) as "done", coalesce(touched."mask", 0) as "touched"
        from cohort
          left join done on done."user_id" = cohort."id"
          left join (select "user_id", bit_or("mask") as "mask" from opened group by 1) as touched on touched."user_id" = cohort."id"
      ),
      per_module as (
        select "k" as "position",
          count(*) filter (where "touched" & (1::bigint << "k") <> 0)::int as "started",
          count(*) filter (where "done" & (1::bigint << "k") <> 0)::int as "completed",
          count(*) filter (where "done" & (1::bigint << "k") <> 0 and "k" + 1 < ${course.modules.length} and "touched" & (1::bigint << ("k" + 1)) = 0)::int as "never_started_next",
          count(*) filter (where "done" & (1::bigint << "k") <> 0 and "done" & (1::bigint << ("k" + 1)) <> 0)::int as "finished_next"
        from learners, generate_series(0, ${course.modules.length - 1}::int) as "k"
        group by "k"
      )
      select
        (select count(*) from learners)::int as "enrolled",
        (select count(*) from learners where "first_signed_in_at" is not null)::int as "signed_in",
        (select count(*) from learners where "touched" <> 0)::int as "started",
        (select count(*) from "certificate" as "c" join cohort on cohort."id" = "c"."user_id")::int as "certified",
        coalesce((select json_agg(per_module order by "position") from per_module), '[]'::json) as "modules"`,
  )
  const totals = row!
  const counts = course.modules.map(
    (_, index) => totals.modules.find((module) => module.position === index) ?? { position: index, started: 0, completed: 0, never_started_next: 0, finished_next: 0 },
  )

  const raw: Omit<FunnelStep, 'keptPercent' | 'ofEnrolledPercent'>[] = [
    { key: 'enrolled', label: 'Enrolled', count: totals.enrolled },
    { key: 'signed-in', label: 'Signed in', count: totals.signed_in },
    { key: 'started', label: 'Started', count: totals.started },
    ...counts.map((row, index) => ({ key: `module-${index + 1}`, label: `Module ${index + 1} completed`, count: row.completed })),
    { key: 'certificate', label: 'Certificate', count: totals.certified },
  ]
  const steps = raw.map((step, index) => ({
    ...step,
    keptPercent: index === 0 ? null : percentOf(step.count, raw[index - 1]!.count),
    ofEnrolledPercent: percentOf(step.count, totals.enrolled),
  }))

  return {
    cohort: describeCohort(filter),
    steps,
    modules: counts.map((row, index) => ({ moduleNumber: index + 1, title: course.modules[index]!.title, started: row.started, completed: row.completed })),
    biggestDrop: biggestDrop(totals, counts),
  }
}

type Drop = { fromKey: string; toKey: string; lost: number; base: number; sentence: (percent: number) => string }

/**
 * Each step's loss as a share of the learners who reached the step before it, measured on the
 * same learners (those who finished module 2, and of them who finished module 3), so a learner
 * who skips ahead is no loss; the largest is said in words.
 */
function biggestDrop(totals: Totals, modules: ModuleCounts[]): Funnel['biggestDrop'] {
  const drops: Drop[] = [
    { fromKey: 'enrolled', toKey: 'signed-in', lost: totals.enrolled - totals.signed_in, base: totals.enrolled, sentence: (p) => `${p} % of enrolled learners never sign in` },
    {
      fromKey: 'signed-in',
      toKey: 'started',
      lost: totals.signed_in - Math.min(totals.started, totals.signed_in),
      base: totals.signed_in,
      sentence: (p) => `${p} % of learners who sign in never start a module`,
    },
  ]
  if (modules[0]) {
    drops.push({
      fromKey: 'started',
      toKey: 'module-1',
      lost: modules[0].started - modules[0].completed,
      base: modules[0].started,
      sentence: (p) => `${p} % of learners who start module 1 never complete it`,
    })
  }
  modules.slice(0, -1).forEach((row, index) => {
    const [from, to] = [index + 1, index + 2]
    const lost = row.completed - row.finished_next
    const stopped = lost - row.never_started_next
    drops.push({
      fromKey: `module-${from}`,
      toKey: `module-${to}`,
      lost,
      base: row.completed,
      // The loss in its two parts: those who never opened the next module, and those who opened it and stopped.
      sentence: (p) => {
        const never = percentOf(row.never_started_next, row.completed)!
        const partway = percentOf(stopped, row.completed)!
        if (row.never_started_next === 0) return `${p} % of learners who finish module ${from} start module ${to} but don’t finish it`
        if (stopped === 0) return `${never} % of learners who finish module ${from} never start module ${to}`
        return `${never} % of learners who finish module ${from} never start module ${to}, and ${partway} % more start it but don’t finish it`
      },
    })
  })
  let worst: Drop | undefined
  for (const drop of drops) {
    if (drop.base > 0 && drop.lost > 0 && (!worst || drop.lost / drop.base > worst.lost / worst.base)) worst = drop
  }
  if (!worst) return null
  const percent = percentOf(worst.lost, worst.base)!
  return { fromKey: worst.fromKey, toKey: worst.toKey, percent, sentence: worst.sentence(percent) }
}
