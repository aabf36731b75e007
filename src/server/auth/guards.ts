import type { Context, Input, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'
import { mustSetUpTwoFactor } from '../services/two-factor'
import type { SessionUser } from './session'
import type { ProgressRow } from '../db/schema'
import type { SessionRow, SessionStatement, SessionStatementOf } from './session-lookup'
import type { SessionReader } from './session-reader'
import { ADMIN_ONLY_MESSAGE, PASSWORD_CHANGE_REQUIRED_MESSAGE, SIGN_IN_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/messages'

export type AuthedEnv = {
  Variables: {
    user: SessionUser
    /** The Set-Cookie of a session the request extended: for answers written past Hono (a media file). */
    refreshedSessionCookie?: string
    requestId: string
  }
}
/** `requireUserWithProgressFrom`: the learner's progress rows, read or written with the session (none after `requireUser`). */
export type AuthedWithProgressEnv = { Variables: AuthedEnv['Variables'] & { progressRows?: ProgressRow[] } }
/** `requireUserWith`: the answer of the route's own session statement (none when it declined). */
export type AuthedWithRowEnv<Row extends SessionRow> = { Variables: AuthedEnv['Variables'] & { sessionRow?: Row } }

type GuardOptions = {
  /** Let a learner who must replace a temporary password through (profile read, password change). */
  allowPasswordChangePending?: boolean
  isAdminOnly?: boolean
}

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

  /** `signedInUser` by a route's statement, with the learner's progress rows from it kept on the context. */
  const signedInUserWithProgress =
    (statement: (token: string, c: Context) => ReturnType<SessionStatement>) =>
    async (c: Context): Promise<SessionUser | undefined> => {
      const result = await sessions.readWithProgress(requestHeader(c, 'cookie'), (token) => statement(token, c))
      if (result?.extended) refreshCookie(c, result.extended)
      if (result?.progress) c.set('progressRows', result.progress)
      return result?.user
    }

  /** `signedInUser` by a route's statement, with its answer kept on the context. */
  const signedInUserWith =
    <Row extends SessionRow>(statement: (token: string, c: Context) => ReturnType<SessionStatementOf<Row>>) =>
    async (c: Context): Promise<SessionUser | undefined> => {
      const result = await sessions.readWith(requestHeader(c, 'cookie'), (token) => statement(token, c))
      if (result?.extended) refreshCookie(c, result.extended)
      if (result?.row) c.set('sessionRow', result.row)
      return result?.user
    }

  const guard = ({ allowPasswordChangePending = false, isAdminOnly = false }: GuardOptions, readUser = signedInUser) =>
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = await readUser(c)
      if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
      // A refusal added after this point must also be made, before it writes, by the toggle's
      // one-statement path (docs/decisions/0073-progress-write-in-one-round-trip.md);
      // services/progress-parity.test.ts fails until it does.
      if (user.mustChangePassword && !allowPasswordChangePending) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE)
      }
      if (isAdminOnly && user.role !== 'admin') {
        throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE)
      }
      if (isAdminOnly && mustSetUpTwoFactor(user, requireAdminTwoFactor)) {
        throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED_MESSAGE)
      }
      c.set('user', user)
      await next()
    })

  const requireUser = guard({})

  return {
    signedInUser,
    /** Whether this user must set up a second factor before anything else (REQUIRE_ADMIN_2FA). */
    mustSetUpTwoFactor: (user: Pick<SessionUser, 'role' | 'twoFactorEnabled'>) => mustSetUpTwoFactor(user, requireAdminTwoFactor),
    /** Any signed-in user, even one who still has to replace a temporary password. */
    requireSession: guard({ allowPasswordChangePending: true }),
    requireUser,
    requireAdmin: guard({ isAdminOnly: true }),
    /**
     * The 401 of `requireUser` at once for a request with no signed session cookie, ahead of a
     * route that checks its input before its guard (`requireUserWithProgressFrom`): an anonymous
     * caller is told to sign in, whatever it sent.
     */
    requireSignedCookie: createMiddleware(async (c, next) => {
      if (!sessions.hasSignedCookie(requestHeader(c, 'cookie'))) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
      await next()
    }),
    /**
     * `requireUser` whose session check is the route's own statement, given by the progress service:
     * one that reads the learner's progress with the session, or writes it first, so the request is
     * one round trip on PostgreSQL (docs/decisions/0064-progress-read-in-one-statement.md,
     * 0073-progress-write-in-one-round-trip.md). `c.var.progressRows` are its answer, absent when it
     * declined. The statement must write only when `requireUser` would let the request through
     * (progress-parity.test.ts holds 0010's function to that). No statement (PGlite): `requireUser`.
     */
    requireUserWithProgressFrom: <E extends AuthedWithProgressEnv, P extends string, I extends Input>(
      statement: ((token: string, c: Context<E, P, I>) => ReturnType<SessionStatement>) | undefined,
    ) =>
      (statement
        ? guard({}, signedInUserWithProgress(statement as (token: string, c: Context) => ReturnType<SessionStatement>))
        : requireUser) as unknown as MiddlewareHandler<E, P, I>,
    /**
     * `requireUser` whose session check is the route's own statement, which reads what the route
     * needs next with it (`c.var.sessionRow`, absent when it declined): one round trip fewer on
     * PostgreSQL. The statement must only read. No statement (PGlite): `requireUser`.
     */
    requireUserWith: <Row extends SessionRow, P extends string>(
      statement: ((token: string, c: Context<AuthedWithRowEnv<Row>, P>) => ReturnType<SessionStatementOf<Row>>) | undefined,
    ) =>
      (statement
        ? guard({}, signedInUserWith(statement as (token: string, c: Context) => ReturnType<SessionStatementOf<Row>>))
        : requireUser) as unknown as MiddlewareHandler<AuthedWithRowEnv<Row>, P>,
  }
}

export type Guards = ReturnType<typeof createGuards>
