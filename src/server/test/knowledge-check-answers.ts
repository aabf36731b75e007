import type { LearnerQuestion } from '../../shared/course/api-types'
import type { KnowledgeCheck } from '../../shared/course/schema'
import type { LiveCourse } from '../course/course-store'
import type { TestClient } from './harness'

// Answering a knowledge check as a learner does: each learner is sent option ids of their own
// (docs/decisions/0083-knowledge-check-review-options.md), so a test that knows the right answers
// from the document finds the learner's ids by the options' text.

type Answer = { questionId: string; optionIds: string[] }

/**
 * Turns answers named by the document's option ids into the ids this learner was sent for module
 * `moduleNumber`'s check, matched by question and text. An id the check does not have, and every id
 * of a caller the course refuses, is sent as it is: the route refuses those on its own.
 */
export async function asLearnerAnswers(client: TestClient, check: KnowledgeCheck, moduleNumber: number, answers: readonly Answer[]): Promise<Answer[]> {
  const sent = await client.get(`/api/course/modules/${moduleNumber}`)
  const questions: LearnerQuestion[] = sent.status === 200 ? (sent.json.knowledgeCheck?.questions ?? []) : []
  return answers.map((answer) => {
    const source = check.questions.find((question) => question.id === answer.questionId)
    const asSent = questions.find((question) => question.id === answer.questionId)
    const learnerId = (documentId: string) => {
      const text = source?.options.find((option) => option.id === documentId)?.text
      return asSent?.options.find((option) => option.text === text)?.id ?? documentId
    }
    return { ...answer, optionIds: answer.optionIds.map(learnerId) }
  })
}

/** The answers to a live module's check, all right (or each question's first wrong options), as this learner names the options. */
export async function answersAs(client: TestClient, course: LiveCourse, moduleNumber: number, right = true): Promise<Answer[]> {
  const check = course.document.modules[moduleNumber - 1]!.knowledgeCheck!
  const answers = check.questions.map((question) => ({
    questionId: question.id,
    optionIds: question.options
      .filter((option) => option.correct === right)
      .map((option) => option.id)
      .slice(0, question.kind === 'multiple' ? 8 : 1),
  }))
  return asLearnerAnswers(client, check, moduleNumber, answers)
}
