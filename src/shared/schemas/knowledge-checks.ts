import { z } from 'zod'
import { ModuleIdSchema, QUIZ_ID_PATTERN } from '../course/schema'

/** `:moduleId` of `/api/knowledge-checks/:moduleId`. */
export const KnowledgeCheckParamSchema = z.object({ moduleId: ModuleIdSchema })

const quizId = (label: string) =>
  z.string({ error: `${label} is required` }).regex(QUIZ_ID_PATTERN, `${label} must be 1 to 40 lower-case letters, digits or -`)

const AnswerSchema = z
  .strictObject({
    questionId: quizId('Question id'),
    optionIds: z
      .array(quizId('Option id'), { error: 'optionIds must be a list' })
      .min(1, 'Choose an answer for every question')
      .max(8, 'A question has at most 8 options'),
  })
  .refine((answer) => new Set(answer.optionIds).size === answer.optionIds.length, {
    message: 'An option is chosen twice',
    path: ['optionIds'],
  })

/**
 * Body of `POST /api/knowledge-checks/:moduleId/attempts`: the version the learner was asked (an
 * attempt is marked against it, and refused once the course has moved on) and one answer per question.
 */
export const AttemptSubmissionSchema = z.strictObject({
  version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(1, 'version must be at least 1'),
  answers: z
    .array(AnswerSchema, { error: 'answers must be a list' })
    .min(1, 'Answer every question')
    .max(20, 'A knowledge check has at most 20 questions')
    .refine((answers) => new Set(answers.map((answer) => answer.questionId)).size === answers.length, 'A question is answered twice'),
})
export type AttemptSubmission = z.infer<typeof AttemptSubmissionSchema>

