import { sql } from 'drizzle-orm'
import type { QuestionStats } from '../../shared/course/admin-api-types'
import type { LiveCourse } from '../course/course-store'
import type { Db } from '../db/client'
import { quizAttempt } from '../db/schema'

type FirstAnswers = { module_id: string; question_id: string; answered_by: number; right_first_time: number }

/**
 * `GET /api/admin/course/questions`: for each question of the published course, how many learners
 * have answered it and how many got it right the first time: each learner's earliest attempt that
 * asked it, on whichever version (a question keeps its id through the versions). The owner sees
 * which lesson needs rework.
 */
export async function questionStats(db: Db, course: LiveCourse): Promise<QuestionStats> {
  const result = await db.execute(sql`
    with firsts as (
      select distinct on (a.user_id, a.module_id, answer ->> 'questionId')
        a.module_id, answer ->> 'questionId' as question_id, (answer ->> 'correct')::boolean as correct
      from ${quizAttempt} as a, jsonb_array_elements(a.answers) as answer
      order by a.user_id, a.module_id, answer ->> 'questionId', a.created_at, a.id
    )
    select module_id, question_id, count(*)::int as answered_by, count(*) filter (where correct)::int as right_first_time
    from firsts group by module_id, question_id`)
  const rows = (result as unknown as { rows: FirstAnswers[] }).rows
  const byQuestion = new Map(rows.map((row) => [`${row.module_id}/${row.question_id}`, row]))
  return {
    version: course.version,
    modules: course.document.modules.flatMap((module, index) => {
      if (!module.knowledgeCheck) return []
      const questions = module.knowledgeCheck.questions.map((question) => {
        const row = byQuestion.get(`${module.id}/${question.id}`)
        const answeredBy = row?.answered_by ?? 0
        const rightFirstTime = row?.right_first_time ?? 0
        return {
          id: question.id,
          prompt: question.prompt,
          answeredBy,
          rightFirstTime,
          rightFirstTimePercent: answeredBy === 0 ? null : Math.round((rightFirstTime / answeredBy) * 100),
        }
      })
      return [{ id: module.id, moduleNumber: index + 1, title: module.title, questions }]
    }),
  }
}
