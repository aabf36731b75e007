import { randomUUID } from 'node:crypto'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { AttemptResult, KnowledgeCheckState, KnowledgeCheckSummary } from '../../shared/course/api-types'
import { mayShowAnswers, showAnswersOf, type KnowledgeCheck } from '../../shared/course/schema'
import { NO_ATTEMPTS_LEFT_MESSAGE, VERSION_CHANGED_MESSAGE } from '../../shared/course/knowledge-check-messages'
import type { AttemptSubmission } from '../../shared/schemas/knowledge-checks'
import type { LiveCourse } from '../course/course-store'
import type { LearnerOptionIds } from '../course/learner-option-ids'
import { richText } from '../course/markdown'
import { prepareSql, rowsOf, type Db } from '../db/client'
import { certificate, courseVersion, quizAttempt, user, type AttemptAnswer } from '../db/schema'
import { renewalOpensAt } from './certificate-renewal'
import { AppError } from '../errors'
import { MODULE_NOT_FOUND_MESSAGE, SIGN_IN_MESSAGE } from '../../shared/messages'

type AttemptRow = typeof quizAttempt.$inferSelect

/** The live module's knowledge check, or a 404 for a module that is not published or has none. */
export function liveKnowledgeCheck(course: LiveCourse, moduleId: string): KnowledgeCheck {
  const number = course.numberById.get(moduleId)
  if (!number) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  const check = course.document.modules[number - 1]!.knowledgeCheck
  if (!check) throw new AppError('NOT_FOUND', 'This module has no knowledge check')
  return check
}

const invalid = (message: string, path: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }])

/**
 * Marks a submission against the check it was asked from. A question counts when exactly its
 * correct options were chosen: a partial selection in a multiple-choice question scores 0 for it.
 * Anything that does not fit the check (an unknown question or option, a question left out, two
 * options for a one-answer question) is refused, not marked wrong.
 */
export function markAnswers(check: KnowledgeCheck, answers: AttemptSubmission['answers']): { answers: AttemptAnswer[]; score: number; passed: boolean } {
  const byId = new Map(answers.map((answer) => [answer.questionId, answer]))
  const known = new Set(check.questions.map((question) => question.id))
  answers.forEach((answer, index) => {
    if (!known.has(answer.questionId)) throw invalid('The answers name a question this knowledge check does not have', `answers.${index}.questionId`)
  })
  const marked = check.questions.map((question, index): AttemptAnswer => {
    const answer = byId.get(question.id)
    if (!answer) throw invalid('Answer every question', `answers.${index}`)
    const optionIds = new Set(question.options.map((option) => option.id))
    if (answer.optionIds.some((id) => !optionIds.has(id))) throw invalid('An answer names an option the question does not have', `answers.${index}.optionIds`)
    if (question.kind !== 'multiple' && answer.optionIds.length !== 1) throw invalid('Choose one answer for this question', `answers.${index}.optionIds`)
    const chosen = new Set(answer.optionIds)
    const correct = question.options.every((option) => option.correct === chosen.has(option.id))
    return { questionId: question.id, optionIds: [...answer.optionIds], correct }
  })
  const score = Math.round((marked.filter((answer) => answer.correct).length / marked.length) * 100)
  return { answers: marked, score, passed: score >= check.passMark }
}

/**
 * An attempt as its result screen shows it: each question with the learner's answer and whether it
 * was right, and, when `answersShown`, the right options and why. Withheld, they are left out of the
 * answer, not hidden in the page (docs/decisions/0083-knowledge-check-review-options.md). The option
 * ids and order are the learner's own, as the questions were sent.
 */
function toResult(check: KnowledgeCheck, row: AttemptRow, answersShown: boolean, optionIds: LearnerOptionIds): AttemptResult {
  const answers = new Map(row.answers.map((answer) => [answer.questionId, answer]))
  const base = {
    id: row.id,
    version: row.courseVersion,
    score: row.score,
    passMark: check.passMark,
    passed: row.passed,
    submittedAt: row.createdAt.toISOString(),
  }
  const marked = check.questions.map((question) => {
    const answer = answers.get(question.id)
    const chosen = new Set(answer?.optionIds)
    const ids = optionIds.ofQuestion(row.userId, row.moduleId, question)
    const options = question.options.map((option) => ({ option, id: ids.get(option.id)!, text: option.text, chosen: chosen.has(option.id) }))
    return { id: question.id, kind: question.kind, prompt: question.prompt, isCorrect: answer?.correct ?? false, options: optionIds.order(question.kind, options) }
  })
  if (!answersShown) {
    return {
      ...base,
      answersShown,
      questions: marked.map((question) => ({ ...question, options: question.options.map(({ id, text, chosen }) => ({ id, text, chosen })) })),
    }
  }
  return {
    ...base,
    answersShown,
    questions: marked.map((question) => ({
      ...question,
      options: question.options.map(({ option, id, text, chosen }) => ({
        id,
        text,
        correct: option.correct,
        chosen,
        explanation: option.explanation ? richText(option.explanation) : null,
      })),
    })),
  }
}

/** The check an attempt was taken on: the live one, or the one in the version it names. */
async function checkOfVersion(db: Db, course: LiveCourse, row: AttemptRow): Promise<KnowledgeCheck | undefined> {
  if (row.courseVersion === course.version) return liveKnowledgeCheck(course, row.moduleId)
  const [record] = await db
    .select({ document: courseVersion.document })
    .from(courseVersion)
    .where(eq(courseVersion.version, row.courseVersion))
  return record?.document.modules.find((module) => module.id === row.moduleId)?.knowledgeCheck
}

const summaryColumns = {
  moduleId: quizAttempt.moduleId,
  attempts: sql<number>`count(*)::int`,
  bestScore: sql<number>`max(${quizAttempt.score})::int`,
  passed: sql<boolean>`bool_or(${quizAttempt.passed})`,
}

/** `GET /api/knowledge-checks`: the learner's standing on every knowledge check of the published course. */
export async function listKnowledgeCheckSummaries(db: Db, course: LiveCourse, userId: string): Promise<KnowledgeCheckSummary[]> {
  const rows = await db.select(summaryColumns).from(quizAttempt).where(eq(quizAttempt.userId, userId)).groupBy(quizAttempt.moduleId)
  const byModule = new Map(rows.map((row) => [row.moduleId, row]))
  return course.document.modules
    .filter((module) => module.knowledgeCheck)
    .map((module) => {
      const row = byModule.get(module.id)
      return { moduleId: module.id, attempts: row?.attempts ?? 0, bestScore: row?.bestScore ?? null, passed: row?.passed ?? false }
    })
}

/** Whether the learner has passed the module's knowledge check, on any version. */
export async function hasPassed(db: Pick<Db, 'select'>, userId: string, moduleId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quizAttempt.id })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.userId, userId), eq(quizAttempt.moduleId, moduleId), eq(quizAttempt.passed, true)))
    .limit(1)
  return Boolean(row)
}

/**
 * The attempts that count against a check's limit: all of them, or, once the learner's certificate
 * is in its renewal window, those since it opened, as a renewal asks for the checks again
 * (docs/decisions/0094-certificate-renewal.md). Read only for a check with a limit.
 */
async function attemptsCounted(db: Pick<Db, 'select'>, userId: string, moduleId: string, now: Date): Promise<number> {
  const [current] = await db.select({ expiresAt: certificate.expiresAt }).from(certificate).where(eq(certificate.userId, userId))
  const opensAt = current?.expiresAt ? renewalOpensAt(current.expiresAt) : null
  const [used] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.userId, userId), eq(quizAttempt.moduleId, moduleId), opensAt && now >= opensAt ? gte(quizAttempt.createdAt, opensAt) : undefined))
  return used?.count ?? 0
}

/**
 * The learner's newest attempt at one check, with the count, best score and pass of all of them
 * (window aggregates, taken before the LIMIT): one prepared statement, read by every module page
 * with a knowledge check. No row: no attempt yet.
 */
function prepareCheckState(db: Db) {
  const userId = sql.placeholder('userId')
  const moduleId = sql.placeholder('moduleId')
  return db
    .select({
      newest: quizAttempt,
      attempts: sql<number>`(count(*) over ())::int`,
      bestScore: sql<number>`(max(${quizAttempt.score}) over ())::int`,
      passed: sql<boolean>`bool_or(${quizAttempt.passed}) over ()`,
    })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.userId, userId), eq(quizAttempt.moduleId, moduleId)))
    .orderBy(desc(quizAttempt.createdAt))
    .limit(1)
    .prepare('knowledge_check_state')
}
const checkStateStatements = new WeakMap<Db, ReturnType<typeof prepareCheckState>>()

/**
 * `GET /api/knowledge-checks/:moduleId`: attempts used and left, the best score, and the newest
 * result, with its right answers only if the live check's review setting allows them to this
 * learner now (the setting of today, not of the attempt's version: an owner who withholds them
 * withholds them from every result).
 */
export async function getKnowledgeCheckState(
  db: Db,
  course: LiveCourse,
  optionIds: LearnerOptionIds,
  userId: string,
  moduleId: string,
): Promise<KnowledgeCheckState> {
  const check = liveKnowledgeCheck(course, moduleId)
  let statement = checkStateStatements.get(db)
  if (!statement) checkStateStatements.set(db, (statement = prepareCheckState(db)))
  const [row] = await statement.execute({ userId, moduleId })
  const attempts = row?.attempts ?? 0
  const newestCheck = row && (await checkOfVersion(db, course, row.newest))
  const standing = {
    passed: row?.passed ?? false,
    attemptsLeft: check.maxAttempts === null ? null : Math.max(0, check.maxAttempts - (await attemptsCounted(db, userId, moduleId, new Date()))),
  }
  const answersShown = mayShowAnswers(showAnswersOf(check), standing)
  return {
    moduleId,
    attempts,
    bestScore: row?.bestScore ?? null,
    ...standing,
    lastResult: row && newestCheck ? toResult(newestCheck, row.newest, answersShown, optionIds) : null,
  }
}

/**
 * An attempt at a check without a limit on attempts: the learner's activity and the attempt in
 * one statement (the attempt only if the learner's row is there), prepared once per database handle.
 */
function prepareAttemptInsert(db: Db) {
  const now = sql.placeholder('now')
  return prepareSql(
    db,
    'knowledge_check_attempt',
    sql`with learner as (
          update ${user} set last_activity_at = ${now}::timestamptz where ${user.id} = ${sql.placeholder('userId')} returning ${user.id} as id
        )
        insert into ${quizAttempt} (id, user_id, module_id, course_version, answers, score, passed, created_at)
        select ${sql.placeholder('id')}, learner.id, ${sql.placeholder('moduleId')}, ${sql.placeholder('version')}::integer, ${sql.placeholder('answers')}::jsonb,
               ${sql.placeholder('score')}::smallint, ${sql.placeholder('passed')}::boolean, ${now}::timestamptz
        from learner
        returning id`,
  )
}
const attemptInserts = new WeakMap<Db, ReturnType<typeof prepareAttemptInsert>>()

/**
 * `POST /api/knowledge-checks/:moduleId/attempts`: marks the answers on the server against the
 * live version (the one the learner was asked, or a 409) and records the attempt with it, and the
 * learner's activity. With a limit on attempts, the learner's row is locked first (by that write),
 * so two submissions at once cannot both take the last attempt; without one, nothing is counted
 * and one statement does both writes.
 */
export async function submitAttempt(
  db: Db,
  course: LiveCourse,
  optionIds: LearnerOptionIds,
  userId: string,
  moduleId: string,
  submission: AttemptSubmission,
  now = new Date(),
): Promise<KnowledgeCheckState> {
  const check = liveKnowledgeCheck(course, moduleId)
  if (submission.version !== course.version) throw new AppError('CONFLICT', VERSION_CHANGED_MESSAGE)
  // The learner answers with their own option ids; the attempt keeps the document's.
  const marked = markAnswers(check, optionIds.toDocument(userId, moduleId, check, submission.answers))
  const attempt = { id: randomUUID(), userId, moduleId, courseVersion: course.version, answers: marked.answers, score: marked.score, passed: marked.passed, createdAt: now }
  const maxAttempts = check.maxAttempts
  if (maxAttempts === null) {
    let insert = attemptInserts.get(db)
    if (!insert) attemptInserts.set(db, (insert = prepareAttemptInsert(db)))
    const values = { id: attempt.id, userId, moduleId, version: course.version, score: marked.score, passed: marked.passed }
    const inserted = rowsOf(await insert.execute({ ...values, answers: JSON.stringify(marked.answers), now: now.toISOString() }))
    if (inserted.length === 0) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
  } else {
    await db.transaction(async (tx) => {
      const locked = await tx.update(user).set({ lastActivityAt: now }).where(eq(user.id, userId)).returning({ id: user.id })
      if (locked.length === 0) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
      if ((await attemptsCounted(tx, userId, moduleId, now)) >= maxAttempts) throw new AppError('CONFLICT', NO_ATTEMPTS_LEFT_MESSAGE)
      await tx.insert(quizAttempt).values(attempt)
    })
  }
  return getKnowledgeCheckState(db, course, optionIds, userId, moduleId)
}
