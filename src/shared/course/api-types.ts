import type { ProgressSummary } from './progress'

/** `GET /api/progress` and the answer to every progress write. */
export type ProgressResponse = ProgressSummary & {
  modules: { moduleNumber: number; completedAt: string }[]
}

/** `GET /api/certificate`: the signed-in learner's own certificate. */
export type CertificateResponse = {
  id: string
  recipientName: string
  courseName: string
  tagline: string
  /** ISO timestamp of the moment the eighth module was first completed. */
  completedAt: string
  verifyUrl: string
}

/** `GET /api/certificates/:id`: what anyone holding the id may see. */
export type CertificateVerification = {
  id: string
  /** Null when the learner's account was deleted: the certificate was issued "to a deleted account". */
  recipientName: string | null
  courseName: string
  completedAt: string
}
