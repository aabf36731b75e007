import { createHmac } from 'node:crypto'
import type { LearnerKnowledgeCheck, LearnerModule } from '../../shared/course/api-types'
import type { KnowledgeCheck, QuestionKind } from '../../shared/course/schema'
import { AppError } from '../errors'

/**
 * The option ids a learner is sent are their own, not the document's
 * (docs/decisions/0083-knowledge-check-review-options.md): an HMAC of the learner, the module, the
 * question and the option, under a key derived from the server's secret. The document's ids ("a"
 * for the right answer, in an older check) never reach a learner, the same option has another id
 * for every learner, and the options of a choice question are sent in the order of those ids, so
 * neither an id nor a position says which option is right. The same learner always gets the same
 * ids, so a reload, a retry and the result of an earlier attempt agree.
 */
export type LearnerOptionIds = {
  /** The module as this learner is sent it. */
  module: (userId: string, module: LearnerModule) => LearnerModule
  /** The learner's id of each option of one question, by the document's option id. */
  ofQuestion: (userId: string, moduleId: string, question: { id: string; options: readonly { id: string }[] }) => Map<string, string>
  /** The learner's options in the order the learner is sent them. */
  order: <Option extends { id: string }>(kind: QuestionKind, options: readonly Option[]) => Option[]
  /** A submission's option ids as the document's; an id the learner was never sent is a 400. */
  toDocument: <Answer extends { questionId: string; optionIds: string[] }>(userId: string, moduleId: string, check: KnowledgeCheck, answers: readonly Answer[]) => Answer[]
}

// 64 bits of the HMAC: two options of one question sharing one is all but impossible, and should it
// happen, the option's index tells them apart.
const ID_LENGTH = 16

export function learnerOptionIds(secret: string): LearnerOptionIds {
  const key = createHmac('sha256', secret).update('knowledge-check option ids').digest()

  const ofQuestion: LearnerOptionIds['ofQuestion'] = (userId, moduleId, question) => {
    const ids = new Map<string, string>()
    const taken = new Set<string>()
    question.options.forEach((option, index) => {
      let id = createHmac('sha256', key).update([userId, moduleId, question.id, option.id].join('\0')).digest('hex').slice(0, ID_LENGTH)
      if (taken.has(id)) id = `${id}-${index}`
      taken.add(id)
      ids.set(option.id, id)
    })
    return ids
  }

  // True and False stay in that order: shuffled, they would only confuse, and their text says which is which anyway.
  const order: LearnerOptionIds['order'] = (kind, options) =>
    kind === 'trueFalse' ? [...options] : [...options].sort((one, other) => (one.id < other.id ? -1 : one.id > other.id ? 1 : 0))

  const check = (userId: string, moduleId: string, check: LearnerKnowledgeCheck): LearnerKnowledgeCheck => ({
    ...check,
    questions: check.questions.map((question) => {
      const ids = ofQuestion(userId, moduleId, question)
      return { ...question, options: order(question.kind, question.options.map((option) => ({ id: ids.get(option.id)!, text: option.text }))) }
    }),
  })

  return {
    module: (userId, module) => (module.knowledgeCheck ? { ...module, knowledgeCheck: check(userId, module.id, module.knowledgeCheck) } : module),
    ofQuestion,
    order,
    toDocument: (userId, moduleId, knowledgeCheck, answers) => {
      const questions = new Map(knowledgeCheck.questions.map((question) => [question.id, question]))
      return answers.map((answer, index) => {
        const question = questions.get(answer.questionId)
        // An unknown question is markAnswers' to refuse, with its own message.
        if (!question) return answer
        const byLearnerId = new Map([...ofQuestion(userId, moduleId, question)].map(([documentId, learnerId]) => [learnerId, documentId]))
        const optionIds = answer.optionIds.map((id) => byLearnerId.get(id))
        if (optionIds.some((id) => id === undefined)) {
          const message = 'An answer names an option the question does not have'
          throw new AppError('VALIDATION_FAILED', message, [{ path: `answers.${index}.optionIds`, message }])
        }
        return { ...answer, optionIds: optionIds as string[] }
      })
    },
  }
}
