import type { ProgressSummary } from './progress'
import type { HostedVideo, QuestionKind, ShowAnswers } from './schema'

// The learner's side of the course API. The course is served from the published version the server
// holds in memory (docs/decisions/0035-course-content-in-the-database.md); every answer says
// which version it comes from, and one answer never mixes two.

/** A Markdown field as the server rendered it: inline HTML (strong, em, code, a, br) that is safe to insert. */
export type RichText = { html: string }

/** One module in the course's table of contents. `moduleNumber` is its position, 1-based. */
export type CatalogModule = {
  id: string
  moduleNumber: number
  title: string
  /** The short name the previous and next links use. */
  navLabel: string
  /** The dashboard card's line. */
  description: string
  minutes: number
  lessonsCount: number
}

/** `GET /api/course`: the published course's modules in order, and its total minutes. */
export type CourseCatalog = {
  version: number
  totalMinutes: number
  modules: CatalogModule[]
}

/**
 * A lesson's video. Hosted: with the player address the learner's browser frames once they press
 * play. Uploaded: the file, poster and captions addresses the portal serves.
 */
export type LearnerVideo =
  | (HostedVideo & { embedUrl: string })
  | {
      provider: 'upload'
      mediaId: string
      src: string
      posterUrl: string | null
      durationSeconds: number | null
      captions: { src: string; language: string; label: string }[]
    }

export type LearnerLesson = {
  id: string
  title: string
  summary: RichText
  /** Null: the card shows a placeholder with the duration. */
  video: LearnerVideo | null
  durationText: string
  keyPoints: RichText[]
}

/** The previous or next module, for the module page's footer. */
export type ModuleLink = { id: string; moduleNumber: number; navLabel: string }

/** `GET /api/course/modules/:moduleNumber` (and the admin's preview): everything a module page shows. */
export type LearnerModule = CatalogModule & {
  version: number
  introduction: RichText
  lessons: LearnerLesson[]
  guide: { title: string; detail: RichText }[]
  importantReminders: RichText[]
  proTips: RichText[]
  actionStep: { title: string; description: RichText }
  keyTakeaways: RichText[]
  /** Without correctness or explanations: those reach the browser only with an attempt's result. */
  knowledgeCheck: LearnerKnowledgeCheck | null
  previous: ModuleLink | null
  next: ModuleLink | null
}

/** A completed module of the published course. */
export type CompletedModule = { moduleId: string; moduleNumber: number; completedAt: string }

/**
 * `GET /api/progress` and the answer to every progress write: the summary over the published
 * course, and its completed modules in course order.
 */
export type CourseProgress = ProgressSummary & { modules: CompletedModule[] }

/** `GET /api/certificate`: the signed-in learner's own certificate. */
export type CertificateResponse = {
  id: string
  recipientName: string
  courseName: string
  tagline: string
  /** ISO timestamp of the moment the learner first completed every module of the course. */
  completedAt: string
  /** How many modules the course had when the certificate was issued: what it certifies. */
  moduleCount: number
  verifyUrl: string
  /** Its expiry and renewal; all null and false for a certificate that does not expire. */
  renewal: CertificateRenewal
}

/** `GET/PUT /api/admin/certificate-policy`: how long a certificate issued from now on is valid; null, for ever. */
export type CertificatePolicy = { validMonths: number | null }

/** Where a learner's expiring certificate stands (docs/decisions/0094-certificate-renewal.md). */
export type CertificateRenewal = {
  expiresAt: string | null
  isExpired: boolean
  /** From when it may be renewed: 30 days before it expires. */
  opensAt: string | null
  isOpen: boolean
  /** Once renewal is open: the modules whose knowledge check must still be passed again. */
  modulesToPass: number[]
}

/** `GET /api/certificates/:id`: what anyone holding the id may see. */
export type CertificateVerification = {
  id: string
  /** Null when the learner's account was deleted: the certificate was issued "to a deleted account". */
  recipientName: string | null
  courseName: string
  completedAt: string
  /** Revoked when the account was deleted: its Open Badges credential's status bit is on. */
  isRevoked: boolean
  /** The signed Open Badges credential (`/verify/:id.json`); null when it was revoked. */
  credentialUrl: string | null
  /** When it stops (or stopped) being valid; null when it does not expire. */
  expiresAt: string | null
  /** The certificate that renewed it, which is the valid one now; null when it was not renewed. */
  replacedBy: string | null
}

/**
 * A question as the learner is asked it: no option says whether it is right, and the option ids
 * are the learner's own, not the document's (docs/decisions/0083-knowledge-check-review-options.md).
 */
export type LearnerQuestion = { id: string; kind: QuestionKind; prompt: string; options: { id: string; text: string }[] }

/** A module's knowledge check as its page receives it (docs/decisions/0052-knowledge-check-attempts.md). */
export type LearnerKnowledgeCheck = {
  passMark: number
  requirePass: boolean
  /** Null: unlimited retries. */
  maxAttempts: number | null
  /** When the right answers are shown (the default filled in). */
  showAnswers: ShowAnswers
  questions: LearnerQuestion[]
}

/** One option of a marked question as the learner chose it or not. */
export type ChosenOption = { id: string; text: string; chosen: boolean }

/** One option of a marked question: the learner's choice beside the right answer and its explanation. */
export type MarkedOption = ChosenOption & { correct: boolean; explanation: RichText | null }

type QuestionOutcome = { id: string; kind: QuestionKind; prompt: string; isCorrect: boolean }
export type MarkedQuestion = QuestionOutcome & { options: MarkedOption[] }
/** A question of a result whose answers are withheld: whether the learner got it right, not what was right. */
export type WithheldQuestion = QuestionOutcome & { options: ChosenOption[] }

/**
 * A submitted attempt, marked on the server. With `answersShown` false the check's review setting
 * withholds the right options and the explanations: the server does not send them at all.
 */
export type AttemptResult = {
  id: string
  /** The course version the attempt was taken on. */
  version: number
  /** Percent of the questions answered right. */
  score: number
  passMark: number
  passed: boolean
  submittedAt: string
} & ({ answersShown: true; questions: MarkedQuestion[] } | { answersShown: false; questions: WithheldQuestion[] })

/** The learner's standing on one module's knowledge check: the best score counts. */
export type KnowledgeCheckSummary = {
  moduleId: string
  attempts: number
  bestScore: number | null
  passed: boolean
}

/** `GET /api/knowledge-checks/:moduleId`, and the answer to a submitted attempt. */
export type KnowledgeCheckState = KnowledgeCheckSummary & {
  /** Null: unlimited. */
  attemptsLeft: number | null
  /** The newest attempt, marked; null before the first. */
  lastResult: AttemptResult | null
}
