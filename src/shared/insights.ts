import type { PageInfo } from './paging'

/** The answers of `GET /api/admin/insights/*` (docs/decisions/0087-owner-insights.md). */

/** Which learners a cohort chart counts: those enrolled in the range (all, without one), from the source. */
export type InsightsCohort = { from: string | null; to: string | null; source: string }

export type FunnelStep = {
  key: string
  label: string
  count: number
  /** Percent of the step before kept at this one (null for the first step, or after an empty one). */
  keptPercent: number | null
  /** Percent of the enrolled learners. */
  ofEnrolledPercent: number | null
}

export type FunnelModule = {
  moduleNumber: number
  title: string
  /** Learners who did anything in the module: a video watched, a knowledge check taken, or the module completed. */
  started: number
  completed: number
}

export type Funnel = {
  cohort: InsightsCohort
  steps: FunnelStep[]
  modules: FunnelModule[]
  /** The biggest drop between two steps, said in a sentence; null when nobody has dropped anywhere. */
  biggestDrop: { fromKey: string; toKey: string; percent: number; sentence: string } | null
}

export type ActivityWeek = {
  /** The Monday that starts the week (UTC), YYYY-MM-DD. */
  weekStart: string
  newLearners: number
  activeLearners: number
  completions: number
}

export type Activity = {
  from: string
  to: string
  source: string
  weeks: ActivityWeek[]
  /** Median days (to a tenth) from a learner's first sign-in to their certificate, over the certificates of the range; null with none. */
  medianDaysToCertificate: number | null
  certificatesMeasured: number
}

export type CheckModule = {
  moduleId: string
  moduleNumber: number
  title: string
  /** Learners of the cohort who took this module's knowledge check at least once. */
  learners: number
  firstAttemptPassPercent: number | null
  averageBestScore: number | null
}

export type MissedQuestion = {
  moduleId: string
  moduleNumber: number
  questionId: string
  questionNumber: number
  prompt: string
  /** How many submitted answers to it were wrong, and how many attempts of its module there were. */
  wrongAnswers: number
  attempts: number
}

export type Checks = { cohort: InsightsCohort; modules: CheckModule[]; mostMissed: MissedQuestion[] }

/** Retention is sampled at the start of each twentieth of a video: 0 %, 5 %, … 95 %. */
export const RETENTION_POINTS = 20

/** Where point `index` of the retention curve lies, in percent of the video. */
export const pointPercent = (index: number) => Math.round((index / RETENTION_POINTS) * 100)

export type LessonRetention = {
  moduleId: string
  moduleNumber: number
  lessonId: string
  lessonNumber: number
  moduleTitle: string
  lessonTitle: string
  viewers: number
  averagePercentWatched: number | null
  /** Percent of the viewers whose watched ranges cover each point, RETENTION_POINTS of them; empty without viewers. */
  retention: number[]
  /** Percent through the video where fewer than half the viewers are still watching; null if half watch to the end. */
  halfGoneAtPercent: number | null
}

export type VideoInsights = {
  cohort: InsightsCohort
  lessons: LessonRetention[]
  /** The lesson whose viewers drop off fastest: the earliest point at which half have stopped. */
  fastestDropOff: { moduleId: string; lessonId: string; sentence: string } | null
}

export type StalledLearner = {
  id: string
  email: string
  fullName: string
  /** Where they stopped: the first module of the course they have not completed. */
  stoppedAt: { moduleNumber: number; title: string } | null
  completedModules: number
  moduleCount: number
  lastActivityAt: string | null
  enrolledAt: string
}

export type StalledLearners = { cohort: InsightsCohort; days: number; rows: StalledLearner[] } & PageInfo
