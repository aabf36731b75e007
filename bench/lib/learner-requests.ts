// What each request of figure 12's model looks like on the wire: the shapes the portal's client
// and a browser send (sources in docs/performance.md, figure 12), as seeded learner n.
import type { KnowledgeCheck } from '../../src/shared/course/schema'
import { learnerOptionIds } from '../../src/server/course/learner-option-ids'
import { mediaUrl } from '../../src/shared/media'
import type { Arrival, Kind } from './learner-model'
import type { OutgoingRequest } from './open-loop'
import { LEARNER_PASSWORD, learnerCookie, learnerEmail } from './seed'

export const VIDEO_SECONDS = 600
export const RANGE_BYTES = 1024 * 1024

/** The portal as figure 12 prepared it: every module's first lesson a video, one uploaded video. */
export type LearnerSite = {
  url: string
  secret: string
  adminCookie: string
  /** The published course version (a knowledge-check attempt names it). */
  version: number
  mediaId: string
  mediaBytes: number
  /** Each module's knowledge check as published, by module id. */
  checks: Map<string, KnowledgeCheck>
}

/** Learner n is on module (n mod 8) + 1, the first one they have not completed (lib/seed.ts). */
export const currentModule = (learner: number) => (learner % 8) + 1

export function learnerRequests(site: LearnerSite): (arrival: Arrival) => OutgoingRequest {
  const cookies = new Map<number, string>()
  const cookieOf = (learner: number) => cookies.get(learner) ?? cookies.set(learner, learnerCookie(learner, site.secret)).get(learner)!
  const optionIds = learnerOptionIds(site.secret)
  // Every browser request offers compression; the portal decides what to compress.
  const json = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' }
  const write = { ...json, origin: site.url, 'content-type': 'application/json' }
  const html = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
  const chunks = Math.max(1, Math.floor(site.mediaBytes / RANGE_BYTES))

  const shapes: Record<Kind, (learner: number, occurrence: number, cookie: string) => OutgoingRequest> = {
    // The player's report: where it is, and the 12 s played since the last report (the server merges them).
    'watch report': (learner, occurrence, cookie) => {
      const position = 12 * ((occurrence % (VIDEO_SECONDS / 12)) + 1)
      const module = currentModule(learner)
      return {
        method: 'PUT',
        path: `/api/watch/m${module}/m${module}-l1`,
        headers: { ...write, cookie },
        body: JSON.stringify({ positionSeconds: position, durationSeconds: VIDEO_SECONDS, ranges: [[position - 12, position]] }),
      }
    },
    'module page': (learner, _occurrence, cookie) => ({ path: `/module/${currentModule(learner)}`, headers: { ...html, cookie } }),
    progress: (_learner, _occurrence, cookie) => ({ path: '/api/progress', headers: { ...json, cookie } }),
    // Completing the current module, and (the next time) undoing it, as figure 11 does.
    'module completion': (learner, occurrence, cookie) => ({
      method: 'PUT',
      path: `/api/progress/${currentModule(learner)}`,
      headers: { ...write, cookie },
      body: JSON.stringify({ completed: occurrence % 2 === 0 }),
    }),
    // An attempt at the current module's check, answering each question's first option, in the
    // learner's own option ids (docs/decisions/0083-knowledge-check-review-options.md).
    'knowledge check': (learner, _occurrence, cookie) => {
      const moduleId = `m${currentModule(learner)}`
      const check = site.checks.get(moduleId)!
      const answers = check.questions.map((question) => ({
        questionId: question.id,
        optionIds: [optionIds.ofQuestion(`learner-${learner}`, moduleId, question).get(question.options[0]!.id)!],
      }))
      return { method: 'POST', path: `/api/knowledge-checks/${moduleId}/attempts`, headers: { ...write, cookie }, body: JSON.stringify({ version: site.version, answers }) }
    },
    dashboard: (_learner, _occurrence, cookie) => ({ path: '/dashboard', headers: { ...html, cookie } }),
    'sign-in': (learner) => ({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: write,
      body: JSON.stringify({ email: learnerEmail(learner), password: LEARNER_PASSWORD }),
    }),
    'video range': (learner, occurrence, cookie) => {
      const start = ((learner * 7 + occurrence) % chunks) * RANGE_BYTES
      return { path: mediaUrl(site.mediaId), headers: { cookie, range: `bytes=${start}-${start + RANGE_BYTES - 1}` } }
    },
    'admin learner list': (_learner, occurrence) => ({ path: `/api/admin/users?page=${(occurrence % 5) + 1}`, headers: { ...json, cookie: site.adminCookie } }),
    'admin reports': (_learner, occurrence) => ({ path: `/api/admin/reports?page=${(occurrence % 5) + 1}`, headers: { ...json, cookie: site.adminCookie } }),
  }
  return ({ kind, learner, occurrence }) => shapes[kind](learner, occurrence, learner === 0 ? site.adminCookie : cookieOf(learner))
}
