import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { AccountEmailSchema } from '../../shared/schemas/fields'
import { user } from '../db/schema'
import { ConfigError, loadEnv } from '../env'
import { AppError } from '../errors'
import { openRuntime } from '../runtime'
import { offlineContext } from '../services/audit-log'
import { resetTwoFactor } from '../services/two-factor'

const usage = 'Usage: npm run user:2fa-reset -- --email E'

function fail(message: string): never {
  console.error(`Error: ${message}`)
  process.exit(1)
}

/**
 * Turns off a user's two-factor sign-in from the command line: the way back in for a sole admin
 * who lost their authenticator and their recovery codes, when no other admin can reset it in the
 * Users section. Like user:create, it works while the server is stopped (an embedded database
 * allows one process at a time) or, on PostgreSQL, while it runs.
 */
async function main() {
  let parsedArgs
  try {
    parsedArgs = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }).values
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`)
  }
  if (parsedArgs.help) {
    console.log(usage)
    return
  }
  if (!parsedArgs.email) fail(`--email is required\n${usage}`)
  const email = AccountEmailSchema.safeParse(parsedArgs.email)
  if (!email.success) fail(email.error.issues[0]?.message ?? 'invalid e-mail')

  let env
  try {
    env = loadEnv()
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error))
  }
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
