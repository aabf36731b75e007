import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'
import type { SessionUser } from './session'
import type { SessionReader } from './session-reader'

export type AuthedEnv = { Variables: { user: SessionUser } }

type GuardOptions = {
  /** Let a learner who must replace a temporary password through (profile read, password change). */
  allowPasswordChangePending?: boolean
  isAdminOnly?: boolean
}

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your temporary password to continue.'

/** Server-side guards: every app route states who may call it (docs/decisions/0008-server-enforcement.md). */
export function createGuards(sessions: SessionReader) {
  /** The request's signed-in user, if any; a session past its update age is extended, and its cookie with it. */
  const signedInUser = async (c: Context): Promise<SessionUser | undefined> => {
    const result = await sessions.read(requestHeader(c, 'cookie'))
    if (result?.extended) c.header('Set-Cookie', sessions.refreshedCookie(result.extended), { append: true })
    return result?.user
  }

  const guard = ({ allowPasswordChangePending = false, isAdminOnly = false }: GuardOptions) =>
    createMiddleware<AuthedEnv>(async (c, next) => {
      const user = await signedInUser(c)
      if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
      if (user.mustChangePassword && !allowPasswordChangePending) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE)
      }
      if (isAdminOnly && user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'This is only available to admins.')
      }
      c.set('user', user)
      await next()
    })

  return {
    signedInUser,
    /** Any signed-in user, even one who still has to replace a temporary password. */
    requireSession: guard({ allowPasswordChangePending: true }),
    requireUser: guard({}),
    requireAdmin: guard({ isAdminOnly: true }),
  }
}

export type Guards = ReturnType<typeof createGuards>
