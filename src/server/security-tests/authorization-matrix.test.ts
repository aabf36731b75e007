// Suite 1 of docs/security.md: every API route × every kind of caller × own or another user's
// record → the expected status. The table is checked against the app's real route list, so a new
// route without a row (or a row for a route that is gone) fails the suite.
import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH, mediaUrl } from '../../shared/media'
import { account, certificate, moduleProgress, session, user } from '../db/schema'
import type { ErrorCode } from '../errors'
import { newCertificateId } from '../certificates/certificate'
import { resetTwoFactor } from '../services/two-factor'
import { signDelivery } from '../services/webhook-signature'
import type { TestClient} from '../test/harness';
import { AS_CLI, authenticatorFromUri, createHarness, PUBLIC_URL, type Harness } from '../test/harness'
import { snapshotDb } from '../test/db-snapshot'
import { apiRoutes } from './support'
import { COURSE, draftOrder } from '../test/course-studio'
import { answersAs } from '../test/knowledge-check-answers'

const WEBHOOK_SECRET = 'whsec-matrix-0123456789abcdef0123456789abcdef'

/** `adminNo2fa`: an admin without a second factor, while REQUIRE_ADMIN_2FA is on (its default). */
type CallerKind = 'anonymous' | 'learner' | 'mustChange' | 'adminNo2fa' | 'admin'
const CALLERS: CallerKind[] = ['anonymous', 'learner', 'mustChange', 'adminNo2fa', 'admin']

type Person = Awaited<ReturnType<Harness['createUser']>>
type Caller = { kind: CallerKind; me: Person | undefined; client: TestClient }
/** `-`: the route takes no record. `own`/`other`: the caller's record or another learner's. */
type Variant = '-' | 'own' | 'other' | 'unknown' | 'unsigned' | 'signed'
type Expected = number | readonly [number, ErrorCode]
type Call = { caller: Caller; variant: Variant; client: TestClient }
type Answer = Awaited<ReturnType<TestClient['request']>>

type Row = {
  route: string
  variants?: Variant[]
  expect: (kind: CallerKind, variant: Variant) => Expected | undefined
  send: (call: Call) => Promise<Answer>
  /** What the answer must show beyond its status, when the call was let through. */
  check?: (answer: Answer, call: Call) => void | Promise<void>
}

const everyone = (expected: Expected) => () => expected
/** requireSession: any signed-in user, even one holding a temporary password. */
const signedIn = (ok: number) => (kind: CallerKind): Expected => (kind === 'anonymous' ? [401, 'UNAUTHORIZED'] : ok)
/** requireUser: signed in, and not still holding a temporary password. */
const learnerRoute = (ok: Expected | ((kind: CallerKind) => Expected)) => (kind: CallerKind): Expected =>
  kind === 'anonymous'
    ? [401, 'UNAUTHORIZED']
    : kind === 'mustChange'
      ? [403, 'PASSWORD_CHANGE_REQUIRED']
      : typeof ok === 'function'
        ? ok(kind)
        : ok
/** requireAdmin: and an admin, with a second factor (REQUIRE_ADMIN_2FA). */
const adminRoute = (ok: number | ((variant: Variant) => Expected)) => (kind: CallerKind, variant: Variant): Expected =>
  kind === 'anonymous'
    ? [401, 'UNAUTHORIZED']
    : kind === 'mustChange'
      ? [403, 'PASSWORD_CHANGE_REQUIRED']
      : kind === 'learner'
        ? [403, 'FORBIDDEN']
        : kind === 'adminNo2fa'
          ? [403, 'TWO_FACTOR_REQUIRED']
          : typeof ok === 'number'
            ? ok
            : ok(variant)
/** The two-factor routes for a signed-in user: `on` answers whoever has it on, `off` whoever has not. */
const twoFactorRoute = ({ on, off }: { on: Expected; off: Expected }) =>
  learnerRoute((kind) => (kind === 'admin' ? on : off))
const ALREADY_ON = [409, 'CONFLICT'] as const
const ALREADY_OFF = [409, 'CONFLICT'] as const

let h: Harness
const callers = {} as Record<CallerKind, Caller>
/** Another learner: the record nobody but an admin may touch. */
let other: Person
let otherCertificateId: string
const certificateIds = new Map<string, string>()
let signInUser: Person
/** A learner with two-factor sign-in on, whose sign-ins every caller completes with a code. */
let twoFactorUser: Person
/** The learner the last call of the authenticator code step signed in. */
let codeStepUser: Person | undefined

beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET })
  const people = {
    learner: await h.createUser(),
    mustChange: await h.createUser({ isTemporary: true }),
    adminNo2fa: await h.createUser({ role: 'admin', hasTwoFactor: false }),
    admin: await h.createUser({ role: 'admin' }),
  }
  callers.anonymous = { kind: 'anonymous', me: undefined, client: h.client() }
  for (const kind of ['learner', 'mustChange', 'adminNo2fa', 'admin'] as const) {
    callers[kind] = { kind, me: people[kind], client: await h.sessionFor(people[kind].id) }
  }
  other = await h.createUser()
  signInUser = await h.createUser()
  twoFactorUser = await h.createUser({ hasTwoFactor: true })
  await h.db.insert(moduleProgress).values({ userId: other.id, moduleId: 'm1', completedAt: new Date() })
  for (const person of [people.learner, people.adminNo2fa, people.admin, other]) {
    const id = newCertificateId()
    await h.db.insert(certificate).values({ id, userId: person.id, recipientName: person.fullName || person.email, completedAt: new Date(), moduleCount: 8 })
    certificateIds.set(person.id, id)
  }
  otherCertificateId = certificateIds.get(other.id)!
})
afterAll(() => h?.close())

/** Each call gets its own copy of the caller's cookie jar, so no answer changes the caller. */
function copyOf(client: TestClient): TestClient {
  const copy = h.client()
  for (const [name, value] of client.cookies) copy.cookies.set(name, value)
  return copy
}

/** The record a call names: the caller's own, or the other learner's. */
const recordId = ({ caller, variant }: Call) => (variant === 'own' ? caller.me!.id : other.id)

/** A session of the caller's own for a call that replaces it (Better Auth swaps the session when 2FA goes on or off). */
const ownSession = async ({ caller }: Call) => (caller.me ? h.sessionFor(caller.me.id) : h.client())

/** The caller's client with a sign-in of a two-factor learner (by default the file's) waiting for its code. */
async function pendingSignIn(client: TestClient, person: Person = twoFactorUser): Promise<TestClient> {
  const first = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password })
  expect(first.json).toEqual({ twoFactorRequired: true })
  return client
}

/** A new session of `userId`'s, and its opaque id (the session list's). */
async function newSessionOf(userId: string): Promise<string> {
  const ids = async () => (await h.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).map((row) => row.id)
  const before = new Set(await ids())
  await h.sessionFor(userId)
  return (await ids()).find((id) => !before.has(id))!
}

const signedDelivery = (client: TestClient, body: string) => {
  const timestamp = String(Math.floor(Date.now() / 1000))
  return client.request('POST', '/api/integrations/purchases', {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signDelivery(WEBHOOK_SECRET, timestamp, body) },
  })
}

const matrix: Row[] = [
  { route: 'GET /api/health', expect: everyone(200), send: ({ client }) => client.get('/api/health') },
  { route: 'GET /api/health/live', expect: everyone(200), send: ({ client }) => client.get('/api/health/live') },
  { route: 'GET /api/health/ready', expect: everyone(200), send: ({ client }) => client.get('/api/health/ready') },
  // Off here (METRICS unset), so a 404 to everyone; the token's refusals: observability/metrics.test.ts.
  { route: 'GET /metrics', expect: everyone([404, 'NOT_FOUND']), send: ({ client }) => client.get('/metrics') },

  // Better Auth, through the four routes the portal exposes.
  {
    route: 'POST /api/auth/sign-in/email',
    expect: everyone(200),
    send: ({ client }) => client.post('/api/auth/sign-in/email', { email: signInUser.email, password: signInUser.password }),
    check: (answer) => expect(answer.json.id).toBe(signInUser.id),
  },
  {
    route: 'POST /api/auth/sign-out',
    expect: everyone(200),
    // A session of its own, so signing out does not end the caller's.
    send: async ({ caller }) => (caller.me ? await h.sessionFor(caller.me.id) : h.client()).post('/api/auth/sign-out'),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    expect: everyone(200),
    send: ({ client }) => client.post('/api/auth/request-password-reset', { email: 'nobody-here@example.com' }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expect: everyone([400, 'INVALID_TOKEN']),
    send: ({ client }) => client.post('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'a fresh password 1' }),
  },

  // Two-factor sign-in: the code step of a sign-in, for whoever holds that sign-in...
  {
    route: 'POST /api/auth/two-factor/verify-totp',
    expect: everyone(200),
    // A learner of its own for each call: an authenticator code signs in once (security-tests/totp-replay.test.ts).
    send: async ({ client }) => {
      codeStepUser = await h.createUser({ hasTwoFactor: true })
      return (await pendingSignIn(client, codeStepUser)).post('/api/auth/two-factor/verify-totp', { code: codeStepUser.twoFactor!.authenticator.generate() })
    },
    check: (answer) => expect(answer.json.id).toBe(codeStepUser?.id),
  },
  {
    route: 'POST /api/auth/two-factor/verify-recovery-code',
    expect: everyone(200),
    send: async ({ client }) =>
      (await pendingSignIn(client)).post('/api/auth/two-factor/verify-recovery-code', {
        code: twoFactorUser.twoFactor!.recoveryCodes.pop(),
      }),
    check: (answer) => expect(answer.json.id).toBe(twoFactorUser.id),
  },
  // ...and turning it on, off, and new recovery codes, for the signed-in user's own account.
  {
    route: 'POST /api/auth/two-factor/enable',
    expect: twoFactorRoute({ on: ALREADY_ON, off: 200 }),
    send: ({ client, caller }) => client.post('/api/auth/two-factor/enable', { password: caller.me?.password ?? 'whatever' }),
    check: (answer) => expect(answer.json.totpUri).toMatch(/^otpauth:\/\/totp\//),
  },
  {
    route: 'POST /api/auth/two-factor/confirm',
    expect: twoFactorRoute({ on: ALREADY_ON, off: 200 }),
    send: async (call) => {
      const client = await ownSession(call)
      const setup = await client.post('/api/auth/two-factor/enable', { password: call.caller.me?.password ?? 'whatever' })
      const code = setup.status === 200 ? authenticatorFromUri(setup.json.totpUri).generate() : '123456'
      return client.post('/api/auth/two-factor/confirm', { code })
    },
    async check(answer, { caller }) {
      expect(answer.json.recoveryCodes).toHaveLength(10)
      // Off again, so the caller stays what its kind says.
      await resetTwoFactor(h.db, caller.me!.id, AS_CLI.context)
    },
  },
  {
    route: 'POST /api/auth/two-factor/disable',
    expect: twoFactorRoute({ on: 200, off: ALREADY_OFF }),
    send: async (call) => (await ownSession(call)).post('/api/auth/two-factor/disable', { password: call.caller.me?.password ?? 'whatever' }),
    async check(answer, { caller }) {
      expect(answer.json).toMatchObject({ id: caller.me!.id })
      expect(answer.json.hasTwoFactor).toBeUndefined()
      // On again, so the admin stays one the admin routes accept.
      await h.enrollTwoFactor(caller.me!.id)
    },
  },
  {
    route: 'POST /api/auth/two-factor/recovery-codes',
    expect: twoFactorRoute({ on: 200, off: ALREADY_OFF }),
    send: ({ client, caller }) => client.post('/api/auth/two-factor/recovery-codes', { password: caller.me?.password ?? 'whatever' }),
    check: (answer) => expect(answer.json.recoveryCodes).toHaveLength(10),
  },

  // The signed-in user's own record.
  {
    route: 'GET /api/profile',
    expect: signedIn(200),
    send: ({ client }) => client.get(`/api/profile?id=${other.id}`),
    check: (answer, { caller }) => expect(answer.json.id).toBe(caller.me!.id),
  },
  {
    route: 'PUT /api/profile/password',
    expect: signedIn(200),
    send: ({ client, caller }) =>
      client.put('/api/profile/password', {
        currentPassword: caller.me?.password ?? 'whatever',
        newPassword: `${caller.me?.password ?? 'whatever'}-next`,
      }),
    async check(answer, { caller }) {
      expect(answer.json.id).toBe(caller.me!.id)
      caller.me!.password += '-next'
      // Put the temporary-password flag back, so the caller stays what its column says.
      if (caller.kind === 'mustChange') {
        await h.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, caller.me!.id))
      }
    },
  },
  {
    route: 'GET /api/profile/sessions',
    expect: learnerRoute(200),
    send: ({ client }) => client.get(`/api/profile/sessions?userId=${other.id}`),
    check: async (answer, { caller }) => {
      const own = await h.db.select({ id: session.id }).from(session).where(eq(session.userId, caller.me!.id))
      expect(answer.json.sessions.map((s: { id: string }) => s.id).sort()).toEqual(own.map((row) => row.id).sort())
    },
  },
  {
    // Ends the caller's other sessions only (each caller has one here, and those the matrix made).
    route: 'DELETE /api/profile/sessions',
    expect: learnerRoute(200),
    send: ({ client }) => client.delete('/api/profile/sessions'),
    check: (answer) => expect(answer.json).toEqual({ endedCount: expect.any(Number) }),
  },
  {
    // `own`: a second session of the caller's, made for the purpose; `other`: one of the other learner's.
    route: 'DELETE /api/profile/sessions/:sessionId',
    variants: ['own', 'other'],
    expect: (kind, variant) => learnerRoute(variant === 'own' ? 204 : ([404, 'NOT_FOUND'] as const))(kind),
    send: async (call) => {
      const owner = call.variant === 'own' && call.caller.me ? call.caller.me.id : other.id
      const sessionId = await newSessionOf(owner)
      return call.client.delete(`/api/profile/sessions/${sessionId}`)
    },
  },
  { route: 'GET /api/course', expect: learnerRoute(200), send: ({ client }) => client.get('/api/course') },
  { route: 'GET /api/course/schedule', expect: learnerRoute(200), send: ({ client }) => client.get('/api/course/schedule') },
  {
    route: 'GET /api/course/modules/:moduleNumber',
    expect: learnerRoute(200),
    send: ({ client }) => client.get('/api/course/modules/2'),
    check: (answer) => expect(answer.json.moduleNumber).toBe(2),
  },
  {
    route: 'GET /api/profile/export',
    expect: learnerRoute(200),
    send: ({ client }) => client.get(`/api/profile/export?id=${other.id}`),
    check: (answer, { caller }) => {
      expect(answer.json.profile.id).toBe(caller.me!.id)
      expect(answer.text).not.toContain(other.email)
    },
  },
  { route: 'GET /api/progress', expect: learnerRoute(200), send: ({ client }) => client.get('/api/progress') },
  {
    route: 'PUT /api/progress/:module',
    expect: learnerRoute(200),
    send: ({ client }) => client.put('/api/progress/3', { completed: true }),
  },
  { route: 'DELETE /api/progress', expect: learnerRoute(200), send: ({ client }) => client.delete('/api/progress') },
  // Video: the seed has no video, so a report is refused past the guard; media is covered in routes/media.test.ts.
  { route: 'GET /api/watch/:moduleId', expect: learnerRoute(200), send: ({ client }) => client.get('/api/watch/m1') },
  {
    route: 'PUT /api/watch/:moduleId/:lessonId',
    expect: learnerRoute([404, 'NOT_FOUND']),
    send: ({ client }) => client.put('/api/watch/m1/m1-l1', { positionSeconds: 1, durationSeconds: 60, ranges: [] }),
  },
  {
    route: 'POST /api/watch/:moduleId/:lessonId',
    expect: learnerRoute([404, 'NOT_FOUND']),
    send: ({ client }) => client.post('/api/watch/m1/m1-l1', { positionSeconds: 1, durationSeconds: 60, ranges: [] }),
  },
  { route: 'GET /api/media/:id', expect: learnerRoute([404, 'NOT_FOUND']), send: ({ client }) => client.get(mediaUrl(randomUUID())) },
  {
    route: 'GET /api/knowledge-checks',
    expect: learnerRoute(200),
    send: ({ client }) => client.get(`/api/knowledge-checks?userId=${other.id}`),
    check: (answer) => expect(answer.json.length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/knowledge-checks/:moduleId',
    expect: learnerRoute(200),
    send: ({ client }) => client.get('/api/knowledge-checks/m2'),
    check: (answer) => expect(answer.json.moduleId).toBe('m2'),
  },
  {
    route: 'POST /api/knowledge-checks/:moduleId/attempts',
    expect: learnerRoute(201),
    send: async ({ client }) => {
      // The seeded check's right answers, read where only the server has them.
      const live = h.courseStore.current()
      return client.post('/api/knowledge-checks/m2/attempts', { version: live.version, answers: await answersAs(client, live, 2) })
    },
    check: (answer) => expect(answer.json.passed).toBe(true),
  },
  {
    route: 'GET /api/certificate',
    expect: learnerRoute(200),
    send: ({ client }) => client.get('/api/certificate'),
    check: (answer, { caller }) => expect(answer.json.id).toBe(certificateIds.get(caller.me!.id)),
  },
  {
    route: 'GET /api/certificate.pdf',
    expect: learnerRoute(200),
    send: ({ client }) => client.get('/api/certificate.pdf'),
    check: (answer, { caller }) =>
      expect(answer.headers.get('content-disposition')).toContain(certificateIds.get(caller.me!.id)),
  },
  {
    // Every caller's certificate does not expire (the policy is off): there is nothing to renew, and nothing changes.
    route: 'POST /api/certificate/renew',
    expect: learnerRoute([409, 'CONFLICT']),
    send: ({ client }) => client.post('/api/certificate/renew', {}),
  },
  {
    route: 'GET /api/certificate/credential.json',
    expect: learnerRoute(200),
    send: ({ client }) => client.get('/api/certificate/credential.json'),
    check: (answer, { caller }) => expect(answer.json.id).toBe(`${PUBLIC_URL}/verify/${certificateIds.get(caller.me!.id)}`),
  },
  {
    // Public by design: every verifier reads the revocation list (docs/decisions/0091-open-badges-credential.md).
    route: 'GET /api/credentials/status/:list',
    variants: ['own', 'unknown'],
    expect: (_kind, variant) => (variant === 'unknown' ? [404, 'NOT_FOUND'] : 200),
    send: ({ client, variant }) => client.get(`/api/credentials/status/${variant === 'own' ? 1 : 999}`),
    check: (answer) => expect(answer.json.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']),
  },
  {
    // Public by design (the verification page): the name and date, nothing else.
    route: 'GET /api/certificates/:id',
    variants: ['own', 'other', 'unknown'],
    expect: (kind, variant) =>
      variant === 'unknown' ? [404, 'NOT_FOUND'] : variant === 'own' && !['learner', 'adminNo2fa', 'admin'].includes(kind) ? undefined : 200,
    send: ({ client, caller, variant }) =>
      client.get(
        `/api/certificates/${variant === 'own' ? certificateIds.get(caller.me!.id) : variant === 'other' ? otherCertificateId : 'SWS-0000-0000'}`,
      ),
    check: (answer) =>
      expect(Object.keys(answer.json).sort()).toEqual(['completedAt', 'courseName', 'credentialUrl', 'expiresAt', 'id', 'isRevoked', 'recipientName', 'replacedBy']),
  },

  // The admin panel.
  { route: 'GET /api/admin/users', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/users') },
  {
    route: 'POST /api/admin/users',
    expect: adminRoute(201),
    send: ({ client }) =>
      client.post('/api/admin/users', {
        email: `made-${randomBytes(4).toString('hex')}@example.com`,
        role: 'admin',
        temporaryPassword: 'Temporary-Pass-1',
        sendLoginDetails: false,
      }),
  },
  {
    route: 'PATCH /api/admin/users/:id',
    variants: ['own', 'other'],
    expect: adminRoute(200),
    send: (call) => call.client.patch(`/api/admin/users/${recordId(call)}`, { fullName: `Renamed by ${call.caller.kind}` }),
  },
  {
    // An admin's own role stays admin, the learner's stays user: the answers prove who may call.
    route: 'PUT /api/admin/users/:id/role',
    variants: ['own', 'other'],
    expect: adminRoute(200),
    send: (call) =>
      call.client.put(`/api/admin/users/${recordId(call)}/role`, {
        role: call.caller.kind === 'admin' ? (call.variant === 'own' ? 'admin' : 'user') : 'admin',
      }),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    variants: ['own', 'other'],
    expect: adminRoute((variant) => (variant === 'own' ? [403, 'FORBIDDEN'] : 204)),
    // The admin deletes a user made for the purpose; the others try the other learner.
    send: async (call) => {
      const target = call.caller.kind === 'admin' && call.variant === 'other' ? (await h.createUser()).id : recordId(call)
      return call.client.delete(`/api/admin/users/${target}`)
    },
  },
  {
    // Not one's own (the Security page turns it off, with the password).
    route: 'DELETE /api/admin/users/:id/two-factor',
    variants: ['own', 'other'],
    expect: adminRoute((variant) => (variant === 'own' ? [403, 'FORBIDDEN'] : 200)),
    // The admin resets a user made for the purpose; the others try the other learner.
    send: async (call) => {
      const target = call.caller.kind === 'admin' && call.variant === 'other' ? (await h.createUser({ hasTwoFactor: true })).id : recordId(call)
      return call.client.delete(`/api/admin/users/${target}/two-factor`)
    },
    check: (answer) => expect(answer.json.hasTwoFactor).toBeUndefined(),
  },
  {
    route: 'PUT /api/admin/users/:id/schedule',
    variants: ['own', 'other'],
    expect: adminRoute(200),
    send: (call) => call.client.put(`/api/admin/users/${recordId(call)}/schedule`, { isLifted: false }),
  },
  { route: 'GET /api/admin/schedule', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/schedule') },
  { route: 'GET /api/admin/certificate-policy', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/certificate-policy') },
  {
    route: 'PUT /api/admin/certificate-policy',
    expect: adminRoute(200),
    send: ({ client }) => client.put('/api/admin/certificate-policy', { validMonths: null }),
  },
  {
    route: 'PUT /api/admin/schedule',
    expect: adminRoute(200),
    send: ({ client }) => client.put('/api/admin/schedule', { mode: 'all', dripDays: {} }),
  },
  {
    // A learner of its own each call: a reset revokes the certificate the other rows read.
    route: 'POST /api/admin/users/:id/course-reset',
    expect: adminRoute(200),
    send: async ({ client }) => client.post(`/api/admin/users/${(await h.createUser({})).id}/course-reset`, {}),
    check: (answer) => expect(answer.json).toMatchObject({ user: { completedModules: 0 }, revokedCertificateId: null }),
  },
  {
    // Not one's own (the Security page ends those); the other learner can sign in again.
    route: 'DELETE /api/admin/users/:id/sessions',
    variants: ['own', 'other'],
    expect: adminRoute((variant) => (variant === 'own' ? [403, 'FORBIDDEN'] : 200)),
    send: async (call) => {
      await h.sessionFor(other.id)
      return call.client.delete(`/api/admin/users/${recordId(call)}/sessions`)
    },
    check: (answer) => expect(answer.json.endedCount).toBeGreaterThanOrEqual(1),
  },
  {
    route: 'POST /api/admin/imports',
    expect: adminRoute(200),
    send: ({ client }) =>
      client.request('POST', '/api/admin/imports?mode=dry-run', {
        rawBody: `email,full_name,role\nimported-${randomBytes(3).toString('hex')}@example.com,Imported One,user\n`,
        headers: { 'content-type': 'text/csv' },
      }),
  },
  { route: 'GET /api/admin/reports', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/reports') },
  {
    route: `ALL ${MEDIA_UPLOAD_PATH}`,
    expect: adminRoute(201),
    send: ({ client }) =>
      client.request('POST', MEDIA_UPLOAD_PATH, {
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': `kind ${Buffer.from('video').toString('base64')}` },
      }),
  },
  {
    route: `ALL ${MEDIA_UPLOAD_PATH}/:uploadId`,
    expect: adminRoute(404),
    send: ({ client }) =>
      client.request('PATCH', `${MEDIA_UPLOAD_PATH}/abc123`, {
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        rawBody: 'x',
      }),
  },
  {
    route: `GET ${MEDIA_UPLOAD_PATH}/:uploadId/media`,
    expect: adminRoute(404),
    send: ({ client }) => client.get(`${MEDIA_UPLOAD_PATH}/abc123/media`),
  },
  { route: 'GET /api/admin/reports.csv', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/reports.csv') },
  { route: 'GET /api/admin/reports/watching', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/reports/watching') },
  { route: 'GET /api/admin/reports/watching.csv', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/reports/watching.csv') },
  { route: 'GET /api/admin/insights/funnel', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/insights/funnel') },
  { route: 'GET /api/admin/insights/activity', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/insights/activity') },
  { route: 'GET /api/admin/insights/checks', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/insights/checks') },
  { route: 'GET /api/admin/insights/video', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/insights/video') },
  { route: 'GET /api/admin/insights/stalled', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/insights/stalled') },
  {
    route: 'GET /api/admin/activity',
    expect: adminRoute(200),
    send: ({ client }) => client.get('/api/admin/activity'),
    check: (answer) => expect(answer.json).toMatchObject({ page: 1, pageSize: 50 }),
  },
  {
    route: 'GET /api/admin/activity.csv',
    expect: adminRoute(200),
    send: ({ client }) => client.get('/api/admin/activity.csv'),
    check: (answer) => expect(answer.text).toContain('Time (UTC),Action,Actor'),
  },
  { route: 'GET /api/admin/emails/settings', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/emails/settings') },
  {
    route: 'PUT /api/admin/emails/settings',
    expect: adminRoute(200),
    send: ({ client }) =>
      client.put('/api/admin/emails/settings', { nudge: { enabled: true, days: [7, 14, 30] }, moduleOpen: { enabled: true }, completion: { enabled: true }, digest: { enabled: false } }),
  },
  { route: 'GET /api/admin/emails/preview', expect: adminRoute(200), send: ({ client }) => client.get('/api/admin/emails/preview?kind=nudge') },
  { route: 'POST /api/admin/emails/test', expect: adminRoute(200), send: ({ client }) => client.post('/api/admin/emails/test', { kind: 'nudge' }) },
  {
    route: 'POST /api/admin/emails/learners/:id/reminder',
    variants: ['other'],
    expect: adminRoute(200),
    send: async ({ client }) => client.post(`/api/admin/emails/learners/${(await h.createUser()).id}/reminder`),
  },
  {
    route: 'GET /api/admin/emails/learners/:id/sent',
    variants: ['other'],
    expect: adminRoute(200),
    send: async ({ client }) => client.get(`/api/admin/emails/learners/${(await h.createUser()).id}/sent`),
  },
  {
    route: 'GET /api/admin/integrations/purchases',
    expect: adminRoute(200),
    send: ({ client }) => client.get('/api/admin/integrations/purchases'),
  },

  // The course studio. Each call an admin makes is one that works on the draft as it is then.
  { route: 'GET /api/admin/course', expect: adminRoute(200), send: ({ client }) => client.get(COURSE) },
  {
    route: 'GET /api/admin/course/questions',
    expect: adminRoute(200),
    send: ({ client }) => client.get(`${COURSE}/questions`),
    check: (answer) => expect(answer.json.modules.length).toBeGreaterThan(0),
  },
  {
    route: 'POST /api/admin/course/modules',
    expect: adminRoute(201),
    send: ({ client }) => client.post(`${COURSE}/modules`, { title: 'A module added by the matrix' }),
  },
  {
    route: 'GET /api/admin/course/modules/:moduleId',
    expect: adminRoute(200),
    send: ({ client }) => client.get(`${COURSE}/modules/m1`),
    check: (answer) => expect(answer.json.id).toBe('m1'),
  },
  {
    route: 'PUT /api/admin/course/modules/:moduleId',
    expect: adminRoute(200),
    send: async ({ client }) => {
      const { json: draft } = await callers.admin.client.get(`${COURSE}/modules/m1`)
      return client.put(`${COURSE}/modules/m1`, { baseRevision: draft.revision, module: { ...draft.module, minutes: draft.module.minutes + 1 } })
    },
  },
  {
    route: 'DELETE /api/admin/course/modules/:moduleId',
    expect: adminRoute(200),
    send: async ({ client }) => {
      const { json: added } = await callers.admin.client.post(`${COURSE}/modules`, { title: 'To be deleted' })
      return client.delete(`${COURSE}/modules/${added.id}`)
    },
  },
  {
    route: 'POST /api/admin/course/modules/:moduleId/restore',
    expect: adminRoute(200),
    send: ({ client }) => client.post(`${COURSE}/modules/m1/restore`),
  },
  {
    route: 'PUT /api/admin/course/order',
    expect: adminRoute(200),
    send: async ({ client }) => client.put(`${COURSE}/order`, { moduleIds: draftOrder((await callers.admin.client.get(COURSE)).json) }),
  },
  {
    route: 'POST /api/admin/course/preview',
    expect: adminRoute(200),
    send: async ({ client }) => {
      const { json: draft } = await callers.admin.client.get(`${COURSE}/modules/m2`)
      return client.post(`${COURSE}/preview`, { moduleId: 'm2', module: draft.module })
    },
    check: (answer) => expect(answer.json).toMatchObject({ id: 'm2', moduleNumber: 2 }),
  },
  {
    route: 'POST /api/admin/course/publish',
    expect: adminRoute(200),
    send: async ({ client }) => {
      const { json: draft } = await callers.admin.client.get(`${COURSE}/modules/m3`)
      const changed = { ...draft.module, proTips: [...draft.module.proTips, `Tip ${randomBytes(3).toString('hex')}`] }
      await callers.admin.client.put(`${COURSE}/modules/m3`, { baseRevision: draft.revision, module: changed })
      return client.post(`${COURSE}/publish`, { note: 'Published by the matrix' })
    },
    check: (answer) => expect(answer.json.version).toBeGreaterThan(1),
  },
  { route: 'GET /api/admin/course/versions', expect: adminRoute(200), send: ({ client }) => client.get(`${COURSE}/versions`) },
  {
    route: 'POST /api/admin/course/versions/:version/restore',
    expect: adminRoute(200),
    send: ({ client }) => client.post(`${COURSE}/versions/1/restore`),
  },

  // Called by the marketplace: the signature is the credential, a session is neither needed nor enough.
  {
    route: 'POST /api/integrations/purchases',
    variants: ['unsigned', 'signed'],
    expect: (_kind, variant) => (variant === 'signed' ? 200 : [401, 'UNAUTHORIZED']),
    send: ({ client, variant }) => {
      const body = JSON.stringify({ event: 'purchase.refunded', orderId: `M-${randomBytes(4).toString('hex')}`, email: 'no-buyer@example.com' })
      return variant === 'signed'
        ? signedDelivery(client, body)
        : client.request('POST', '/api/integrations/purchases', { rawBody: body, headers: { 'content-type': 'application/json' } })
    },
  },
]

describe('the authorization matrix', () => {
  it('has exactly one row for every API route the app has', () => {
    const routes = apiRoutes(h.app).map((route) => route.key)
    const rows = matrix.map((row) => row.route)
    expect(new Set(rows).size, 'a route has two rows').toBe(rows.length)
    expect(routes.filter((route) => !rows.includes(route)), 'routes without a row').toEqual([])
    expect(rows.filter((row) => !routes.includes(row)), 'rows for routes that no longer exist').toEqual([])
  })

  it.each(matrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    for (const kind of CALLERS) {
      for (const variant of row.variants ?? ['-']) {
        const expected = row.expect(kind, variant)
        const caller = callers[kind]
        // Anonymous has no record of its own.
        if (expected === undefined || (variant === 'own' && !caller.me)) continue
        const call = { caller, variant, client: copyOf(caller.client) }
        const answer = await row.send(call)
        const [status, code] = typeof expected === 'number' ? [expected] : expected
        const label = `${row.route} as ${kind}${variant === '-' ? '' : ` (${variant})`}: ${answer.text.slice(0, 200)}`
        expect(answer.status, label).toBe(status)
        if (code) expect(answer.json?.error?.code, label).toBe(code)
        if (answer.status < 300) await row.check?.(answer, call)
      }
    }
  })
})

/** Better Auth endpoints the portal does not expose: all 404, whoever asks, and nothing changes. */
const unexposed = [
  ['POST', '/api/auth/sign-up/email'],
  ['GET', '/api/auth/get-session'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/change-email'],
  ['POST', '/api/auth/delete-user'],
  ['GET', '/api/auth/list-sessions'],
  ['POST', '/api/auth/revoke-sessions'],
  ['POST', '/api/auth/forget-password'],
  ['GET', '/api/auth/reset-password/some-token'],
  ['GET', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/admin/set-role'],
  ['POST', '/api/auth/admin/create-user'],
  ['GET', '/api/auth/admin/list-users'],
  ['POST', '/api/auth/admin/ban-user'],
  ['POST', '/api/auth/admin/unban-user'],
  ['POST', '/api/auth/admin/impersonate-user'],
  ['POST', '/api/auth/admin/set-user-password'],
  ['POST', '/api/auth/admin/remove-user'],
  // The twoFactor plugin's endpoints beyond the portal's own (routes/two-factor.ts).
  ['POST', '/api/auth/two-factor/get-totp-uri'],
  ['POST', '/api/auth/two-factor/verify-backup-code'],
  ['POST', '/api/auth/two-factor/generate-backup-codes'],
  ['POST', '/api/auth/two-factor/view-backup-codes'],
  ['POST', '/api/auth/two-factor/send-otp'],
  ['POST', '/api/auth/two-factor/verify-otp'],
  ['POST', '/api/auth/totp/generate'],
] as const

describe('Better Auth beyond the four exposed routes', () => {
  it('answers 404 to every caller and changes nothing', async () => {
    const before = await snapshotDb(h.db)
    for (const [method, url] of unexposed) {
      for (const kind of CALLERS) {
        const { client, me } = callers[kind]
        const body = {
          userId: me?.id ?? other.id,
          role: 'admin',
          mustChangePassword: false,
          email: `taken-over-${kind}@example.com`,
          password: 'a brand new password',
          newPassword: 'a brand new password',
          name: 'Mallory',
          banReason: 'x',
        }
        const answer = await copyOf(client).request(method, url, method === 'GET' ? {} : { body })
        expect(answer.status, `${method} ${url} as ${kind}`).toBe(404)
        expect(answer.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: expect.any(String) })
      }
    }
    expect(await snapshotDb(h.db)).toEqual(before)
  })
})

describe('no IDOR: a learner reaches only their own record', () => {
  it('cannot read or change another learner’s progress, whatever ids the request carries', async () => {
    const learner = await h.createUser()
    const client = await h.sessionFor(learner.id)
    const otherProgress = () => h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, other.id))
    const before = await otherProgress()
    expect(before).toHaveLength(1)

    const read = await client.get(`/api/progress?userId=${other.id}&id=${other.id}`)
    expect(read.status).toBe(200)
    expect(read.json.completedCount).toBe(0)
    const profile = await client.get(`/api/profile?userId=${other.id}`)
    expect(profile.json.id).toBe(learner.id)
    const certificate = await client.get(`/api/certificate?userId=${other.id}`)
    expect(certificate.status).toBe(404)

    // An id in the body is refused outright; one in the query is ignored: the write is the learner's.
    const named = await client.put('/api/progress/2', { completed: true, userId: other.id })
    expect(named.status).toBe(400)
    expect(named.json.error.code).toBe('VALIDATION_FAILED')
    const write = await client.put(`/api/progress/2?userId=${other.id}&id=${other.id}`, { completed: true })
    expect(write.status).toBe(200)
    expect(write.json.completedCount).toBe(1)
    const reset = await client.request('DELETE', `/api/progress?userId=${other.id}`, { body: { userId: other.id } })
    expect(reset.status).toBe(200)
    expect(await otherProgress()).toEqual(before)
    // The learner's own write landed on the learner, and the reset cleared it.
    expect(await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.id))).toEqual([])
  })

  it('cannot set a role or the temporary-password flag through any route a learner may call', async () => {
    const learner = await h.createUser()
    const pending = await h.createUser({ isTemporary: true })
    const flags = async (id: string) => {
      const [row] = await h.db.select({ role: user.role, mustChangePassword: user.mustChangePassword, name: user.name, email: user.email }).from(user).where(eq(user.id, id))
      return row
    }
    const passwordHash = async (id: string) =>
      (await h.db.select({ password: account.password }).from(account).where(and(eq(account.userId, id), eq(account.providerId, 'credential'))))[0]?.password
    const otherBefore = { flags: await flags(other.id), hash: await passwordHash(other.id) }
    const extra = { role: 'admin', mustChangePassword: true, userId: other.id, id: other.id, email: 'changed@example.com', banned: true }

    // A learner's password change with extra fields: the password changes, nothing else.
    const client = await h.sessionFor(learner.id)
    const changed = await client.put('/api/profile/password', { currentPassword: learner.password, newPassword: 'another password 1', ...extra })
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({ id: learner.id, role: 'user', mustChangePassword: false })
    expect(await flags(learner.id)).toMatchObject({ role: 'user', mustChangePassword: false, email: learner.email })

    // A learner holding a temporary password cannot clear the flag without a valid new password...
    const pendingClient = await h.sessionFor(pending.id)
    const refused = await pendingClient.put('/api/profile/password', { newPassword: 'short', ...extra, mustChangePassword: false })
    expect(refused.status).toBe(400)
    expect(await flags(pending.id)).toMatchObject({ role: 'user', mustChangePassword: true })
    // ...nor gain a role by signing in with one.
    const signIn = await h.client().post('/api/auth/sign-in/email', { ...extra, email: pending.email, password: pending.password })
    expect(signIn.status).toBe(200)
    expect(signIn.json).toMatchObject({ id: pending.id, role: 'user', mustChangePassword: true })
    expect(await flags(pending.id)).toMatchObject({ role: 'user', mustChangePassword: true })

    // The admin routes refuse a learner outright (the matrix above), and the other learner is untouched.
    for (const [method, url, body] of [
      ['PUT', `/api/admin/users/${learner.id}/role`, { role: 'admin' }],
      ['PATCH', `/api/admin/users/${other.id}`, { email: 'changed@example.com' }],
    ] as const) {
      expect((await client.request(method, url, { body })).status).toBe(403)
    }
    expect(await flags(learner.id)).toMatchObject({ role: 'user' })
    expect({ flags: await flags(other.id), hash: await passwordHash(other.id) }).toEqual(otherBefore)
  })
})
