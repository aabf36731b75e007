import { sql } from 'drizzle-orm'
import type { Course } from '../../../shared/course/schema'
import { pointPercent, RETENTION_POINTS, type LessonRetention, type VideoInsights } from '../../../shared/insights'
import type { InsightsQuery } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'
import { cohortCondition, describeCohort, rowsOf } from './cohort'

type SummaryRow = { module_id: string; lesson_id: string; viewers: number; average_percent: number | null }
type EdgeRow = { module_id: string; lesson_id: string; point: number; delta: number }

const LAST = RETENTION_POINTS - 1

/**
 * Per lesson of the published course with a video: the cohort's viewers, how much of the video
 * they watched on average, and the retention curve: at each of RETENTION_POINTS evenly spaced
 * points (0 %, 5 %, … 95 % of the video), the percent of viewers whose watched ranges cover it.
 * Each viewer's ranges are stored merged (services/watch-ranges.ts), so a point lies in at most
 * one of them: the database sends where each range starts and ends covering points, and the
 * curve is their running sum, never one row per point per viewer.
 */
export async function video(db: Db, course: Pick<Course, 'modules'>, filter: InsightsQuery): Promise<VideoInsights> {
  const lessons = course.modules.flatMap((module, moduleIndex) =>
    module.lessons.flatMap((lesson, lessonIndex) => (lesson.video ? [{ module, lesson, moduleNumber: moduleIndex + 1, lessonNumber: lessonIndex + 1 }] : [])),
  )
  const rows = sql`with watched as (
      select "w"."module_id", "w"."lesson_id", "w"."ranges", "w"."duration_seconds", "w"."percent_watched"
      from "lesson_watch" as "w" join "user" as "u" on "u"."id" = "w"."user_id"
      where ${cohortCondition(filter)} and "w"."duration_seconds" > 0
        and ("w"."module_id", "w"."lesson_id") in (
          select * from unnest(${sql.param(lessons.map(({ module }) => module.id))}::text[], ${sql.param(lessons.map(({ lesson }) => lesson.id))}::text[])
        )
    )`
  const [summaries, edges] = await Promise.all([
    rowsOf<SummaryRow>(
      db,
      sql`${rows} select "module_id", "lesson_id", count(*)::int as "viewers", avg("percent_watched")::float8 as "average_percent" from watched group by 1, 2`,
    ),
    rowsOf<EdgeRow>(
      db,
      sql`${rows}
        select watched."module_id", watched."lesson_id", "edge"."point", sum("edge"."delta")::int as "delta"
        from watched, jsonb_array_elements(watched."ranges") as "range",
          lateral (
            select greatest(0, ceil(("range" -> 0)::float8 * ${RETENTION_POINTS} / watched."duration_seconds"))::int as "first",
              least(${LAST}, floor(("range" -> 1)::float8 * ${RETENTION_POINTS} / watched."duration_seconds"))::int as "last"
          ) as "span",
          lateral (values ("span"."first", 1), ("span"."last" + 1, -1)) as "edge" ("point", "delta")
        where "span"."first" <= "span"."last" and "edge"."point" <= ${LAST}
        group by 1, 2, 3`,
    ),
  ])
  const key = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`
  const summaryOf = new Map(summaries.map((row) => [key(row.module_id, row.lesson_id), row]))
  const deltasOf = new Map<string, number[]>()
  for (const edge of edges) {
    const deltas = deltasOf.get(key(edge.module_id, edge.lesson_id)) ?? Array<number>(RETENTION_POINTS).fill(0)
    deltas[edge.point] = edge.delta
    deltasOf.set(key(edge.module_id, edge.lesson_id), deltas)
  }

  const result: LessonRetention[] = lessons.map(({ module, lesson, moduleNumber, lessonNumber }) => {
    const summary = summaryOf.get(key(module.id, lesson.id))
    const viewers = summary?.viewers ?? 0
    let watching = 0
    const retention =
      viewers === 0 ? [] : (deltasOf.get(key(module.id, lesson.id)) ?? Array<number>(RETENTION_POINTS).fill(0)).map((delta) => Math.round(((watching += delta) / viewers) * 100))
    const halfGone = retention.findIndex((percent) => percent < 50)
    return {
      moduleId: module.id,
      moduleNumber,
      lessonId: lesson.id,
      lessonNumber,
      moduleTitle: module.title,
      lessonTitle: lesson.title,
      viewers,
      averagePercentWatched: summary?.average_percent == null ? null : Math.round(summary.average_percent),
      retention,
      halfGoneAtPercent: halfGone < 0 ? null : pointPercent(halfGone),
    }
  })
  return { cohort: describeCohort(filter), lessons: result, fastestDropOff: fastestDropOff(result) }
}

/** The lesson where half the viewers have stopped earliest in the video (ties: the lower average watched). */
function fastestDropOff(lessons: LessonRetention[]): VideoInsights['fastestDropOff'] {
  const dropping = lessons.filter((lesson) => lesson.halfGoneAtPercent !== null)
  dropping.sort((a, b) => a.halfGoneAtPercent! - b.halfGoneAtPercent! || (a.averagePercentWatched ?? 0) - (b.averagePercentWatched ?? 0))
  const worst = dropping[0]
  if (!worst) return null
  return {
    moduleId: worst.moduleId,
    lessonId: worst.lessonId,
    sentence: `Viewers drop off fastest in module ${worst.moduleNumber}, lesson ${worst.lessonNumber} ("${worst.lessonTitle}"): half have stopped by ${worst.halfGoneAtPercent} % of the video.`,
  }
}
