import type { Context, Input, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'
import { mustSetUpTwoFactor } from '../services/two-factor'
import type { SessionUser } from './session'
import type { ProgressRow, SessionReader, SessionStatement } from './session-reader'

export type AuthedEnv = {
  Variables: {
    user: SessionUser
    /** The Set-Cookie of a session the request extended: for answers written past Hono (a media file). */
    refreshedSessionCookie?: string
    requestId: string
  }
}
/** `requireUserWithProgress`: the learner's progress rows, read with the session (none after `requireUser`). */
export type AuthedWithProgressEnv = { Variables: AuthedEnv['Variables'] & { progressRows?: ProgressRow[] } }

type GuardOptions = {
  /** Let a learner who must replace a temporary password through (profile read, password change). */
  allowPasswordChangePending?: boolean
  isAdminOnly?: boolean
}

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your temporary password to continue.'
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Set up two-factor sign-in to use the admin panel.'

type GuardPolicy = {
  /** REQUIRE_ADMIN_2FA (env.ts; on unless told otherwise): an admin without a second factor is refused the admin routes. */
  requireAdminTwoFactor: boolean
}

/**
 * Server-side guards: every app route states who may call it (docs/decisions/0008-server-enforcement.md).
 * An admin route refuses, in this order: nobody signed in, a temporary password to replace, not
 * an admin, and (REQUIRE_ADMIN_2FA) an admin without two-factor sign-in
 * (docs/decisions/0038-two-factor-sign-in.md).
 */
export function createGuards(sessions: SessionReader, { requireAdminTwoFactor }: GuardPolicy = { requireAdminTwoFactor: true }) {
  /** The request's signed-in user, if any; a session past its update age is extended, and its cookie with it. */
  const signedInUser = async (c: Context): Promise<SessionUser | undefined> => {
    const result = await sessions.read(requestHeader(c, 'cookie'))
    if (result?.extended) refreshCookie(c, result.extended)
    return result?.user
  }

  /** The extended session's cookie on the answer, and kept for answers written past Hono. */
  const refreshCookie = (c: Context, extended: string) => {
    const cookie = sessions.refreshedCookie(extended)
    c.header('Set-Cookie', cookie, { append: true })
    c.set('refreshedSessionCookie', cookie)
  }

  /** `signedInUser`, with the learner's progress rows from the same statement kept on the context. */
  const signedInUserWithProgress =
    (statement?: (c: Context, token: string) => ReturnType<SessionStatement>) =>
    async (c: Context): Promise<SessionUser | undefined> => {
      const result = await sessions.readWithProgress(requestHeader(c, 'cookie'), statement && ((token) => statement(c, token)))
      if (result?.extended) refreshCookie(c, result.extended)
      if (result?.progress) c.set('progressRows', result.progress)
      return result?.user
    }

  const guard = ({ allowPasswordChangePending = false, isAdminOnly = false }: GuardOptions, readUser = signedInUser) =>
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = await readUser(c)
      if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
      // A refusal added after this point must also be made, before it writes, by the toggle's
      // one-statement path (docs/decisions/0073-progress-write-in-one-round-trip.md).
      if (user.mustChangePassword && !allowPasswordChangePending) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE)
      }
      if (isAdminOnly && user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'This is only available to admins.')
      }
      if (isAdminOnly && mustSetUpTwoFactor(user, requireAdminTwoFactor)) {
        throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED_MESSAGE)
      }
      c.set('user', user)
      await next()
    })

  return {
    signedInUser,
    /** Whether this user must set up a second factor before anything else (REQUIRE_ADMIN_2FA). */
    mustSetUpTwoFactor: (user: Pick<SessionUser, 'role' | 'twoFactorEnabled'>) => mustSetUpTwoFactor(user, requireAdminTwoFactor),
    /** Any signed-in user, even one who still has to replace a temporary password. */
    requireSession: guard({ allowPasswordChangePending: true }),
    requireUser: guard({}),
    requireAdmin: guard({ isAdminOnly: true }),
    /**
     * `requireUser` whose session check also reads the learner's progress rows (`c.var.progressRows`),
     * one round trip for GET /api/progress on PostgreSQL (docs/decisions/0064-progress-read-in-one-statement.md).
     */
    requireUserWithProgress: guard({}, signedInUserWithProgress()) as unknown as MiddlewareHandler<AuthedWithProgressEnv>,
    /**
     * The 401 of `requireUser` at once for a request with no signed session cookie, ahead of a
     * route that checks its input before its guard (`requireUserWithProgressFrom`): an anonymous
     * caller is told to sign in, whatever it sent.
     */
    requireSignedCookie: createMiddleware(async (c, next) => {
      if (!sessions.hasSignedCookie(requestHeader(c, 'cookie'))) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
      await next()
    }),
    /**
     * `requireUserWithProgress` where the session check is the route's own statement, which also
     * writes the progress; `c.var.progressRows` are its answer, and absent when it declined
     * (docs/decisions/0073-progress-write-in-one-round-trip.md). The statement must write only when
     * `requireUser` would let the request through.
     */
    requireUserWithProgressFrom: <E extends AuthedWithProgressEnv, P extends string, I extends Input>(
      statement: (c: Context<E, P, I>, token: string) => ReturnType<SessionStatement>,
    ) => guard({}, signedInUserWithProgress(statement as (c: Context, token: string) => ReturnType<SessionStatement>)) as unknown as MiddlewareHandler<E, P, I>,
  }
}

export type Guards = ReturnType<typeof createGuards>
