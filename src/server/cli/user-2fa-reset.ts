import { eq } from 'drizzle-orm'
import { AccountEmailSchema } from '../../shared/schemas/fields'
import { user } from '../db/schema'
import { AppError } from '../errors'
import { openRuntime } from '../runtime'
import { offlineContext } from '../services/audit-log'
import { resetTwoFactor } from '../services/two-factor'
import { fail, HELP_OPTION, loadEnvOrFail, parseCommandArgs } from './command'

const usage = 'Usage: npm run user:2fa-reset -- --email E'

/**
 * Turns off a user's two-factor sign-in from the command line: the way back in for a sole admin
 * who lost their authenticator and their recovery codes, when no other admin can reset it in the
 * Users section. Like user:create, it works while the server is stopped (an embedded database
 * allows one process at a time) or, on PostgreSQL, while it runs.
 */
async function main() {
  const parsed = parseCommandArgs(usage, { options: { email: { type: 'string' }, help: HELP_OPTION } })
  if (!parsed) return
  const parsedArgs = parsed.values
  if (!parsedArgs.email) fail(`--email is required\n${usage}`)
  const email = AccountEmailSchema.safeParse(parsedArgs.email)
  if (!email.success) fail(email.error.issues[0]?.message ?? 'invalid e-mail')

  const env = loadEnvOrFail()
  const runtime = await openRuntime(env).catch((error: unknown) => fail((error as Error).message))
  try {
    const [found] = await runtime.db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email.data))
    if (!found) throw new AppError('NOT_FOUND', `No user has the e-mail ${email.data}.`)
    await resetTwoFactor(runtime.db, found.id, offlineContext('cli'))
    console.log(`Two-factor sign-in is off for ${email.data}. They sign in with their password alone until they set it up again.`)
    if (found.role === 'admin' && env.requireAdminTwoFactor) {
      console.log('As an admin, they are asked to set it up again right after signing in (REQUIRE_ADMIN_2FA).')
    }
  } catch (error) {
    await runtime.close()
    fail(error instanceof AppError ? error.message : String(error))
  }
  await runtime.close()
}

await main()
