import { sql } from 'drizzle-orm'
import type { Course } from '../../../shared/course/schema'
import type { Checks, MissedQuestion } from '../../../shared/insights'
import type { InsightsQuery } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'
import { cohortCondition, describeCohort, percentOf, rowsOf } from './cohort'

type ModuleRow = { module_id: string; learners: number; first_passed: number; average_best: number | null; attempts: number }
type MissedRow = { module_id: string; question_id: string; wrong: number }

/** How many of the most-missed questions the owner is shown. */
const MOST_MISSED = 3

/**
 * Per knowledge check of the published course, over the cohort's attempts (on whichever version):
 * how many learners took it, how many passed their first attempt, their average best score; and
 * the questions of the published course answered wrong most often.
 */
export async function checks(db: Db, course: Pick<Course, 'modules'>, filter: InsightsQuery): Promise<Checks> {
  const withCheck = course.modules.flatMap((module, index) => (module.knowledgeCheck ? [{ module, moduleNumber: index + 1 }] : []))
  const ids = withCheck.map(({ module }) => module.id)
  const attempts = sql`with attempts as (
      select "a"."id", "a"."user_id", "a"."module_id", "a"."score", "a"."passed", "a"."created_at", "a"."wrong_question_ids"
      from "quiz_attempt" as "a" join "user" as "u" on "u"."id" = "a"."user_id"
      where ${cohortCondition(filter)} and "a"."module_id" = any(${sql.param(ids)}::text[])
    )`
  const [modules, missed] = await Promise.all([
    rowsOf<ModuleRow>(
      db,
      sql`${attempts},
        per_learner as (
          -- The first attempt's result rides in the lowest bit of its time (in microseconds): one
          -- small hash aggregate, where ordering each learner's attempts would sort all of them.
          select "module_id", "user_id", max("score") as "best", count(*) as "tries",
            min((extract(epoch from "created_at") * 1000000)::bigint * 2 + "passed"::int) % 2 = 1 as "first_passed"
          from attempts group by "module_id", "user_id"
        )
        select "module_id", count(*)::int as "learners", count(*) filter (where "first_passed")::int as "first_passed",
          avg("best")::float8 as "average_best", sum("tries")::int as "attempts"
        from per_learner group by "module_id"`,
    ),
    rowsOf<MissedRow>(
      db,
      sql`${attempts}
        select attempts."module_id", "question"."id" as "question_id", count(*)::int as "wrong"
        from attempts, jsonb_array_elements_text(attempts."wrong_question_ids") as "question" ("id")
        group by 1, 2`,
    ),
  ])
  const byModule = new Map(modules.map((row) => [row.module_id, row]))
  const mostMissed: MissedQuestion[] = []
  for (const row of missed) {
    const found = withCheck.find(({ module }) => module.id === row.module_id)
    const index = found?.module.knowledgeCheck!.questions.findIndex((question) => question.id === row.question_id) ?? -1
    // A question taken out of the published course is no longer the owner's to fix.
    if (!found || index < 0) continue
    mostMissed.push({
      moduleId: row.module_id,
      moduleNumber: found.moduleNumber,
      questionId: row.question_id,
      questionNumber: index + 1,
      prompt: found.module.knowledgeCheck!.questions[index]!.prompt,
      wrongAnswers: row.wrong,
      attempts: byModule.get(row.module_id)?.attempts ?? 0,
    })
  }
  mostMissed.sort((a, b) => b.wrongAnswers - a.wrongAnswers || a.moduleNumber - b.moduleNumber || a.questionNumber - b.questionNumber)
  return {
    cohort: describeCohort(filter),
    modules: withCheck.map(({ module, moduleNumber }) => {
      const row = byModule.get(module.id)
      return {
        moduleId: module.id,
        moduleNumber,
        title: module.title,
        learners: row?.learners ?? 0,
        firstAttemptPassPercent: row ? percentOf(row.first_passed, row.learners) : null,
        averageBestScore: row?.average_best == null ? null : Math.round(row.average_best),
      }
    }),
    mostMissed: mostMissed.slice(0, MOST_MISSED),
  }
}
