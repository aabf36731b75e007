import { z } from 'zod'
import { AccountEmailSchema, FullNameSchema, RoleSchema, TemporaryPasswordSchema } from '../../shared/schemas/fields'
import { AppError } from '../errors'
import { openRuntime } from '../runtime'
import { assertNotCommon, generateUncommonPassword } from '../services/passwords'
import { offlineContext } from '../services/audit-log'
import { createUser } from '../services/users'
import { fail, HELP_OPTION, loadEnvOrFail, parseCommandArgs } from './command'

const usage = 'Usage: npm run user:create -- --email E [--name N] [--role user|admin] [--password P [--permanent]]'

const ArgsSchema = z
  .object({
    email: AccountEmailSchema,
    name: z.optional(FullNameSchema),
    role: z._default(RoleSchema, 'user'),
    password: z.optional(TemporaryPasswordSchema),
    permanent: z.boolean().default(false),
  })
  .refine((args) => !args.permanent || args.password !== undefined, {
    message: '--permanent needs --password: a generated password is always temporary',
  })

/** Creates a user on the configured database, even a brand-new one; the server may be stopped. */
async function main() {
  const parsed = parseCommandArgs(usage, {
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      permanent: { type: 'boolean' },
      help: HELP_OPTION,
    },
  })
  if (!parsed) return
  const parsedArgs = parsed.values
  if (!parsedArgs.email) fail(`--email is required\n${usage}`)
  const args = ArgsSchema.safeParse(parsedArgs)
  if (!args.success) fail(args.error.issues[0]?.message ?? 'invalid arguments')
  if (args.data.password !== undefined) {
    try {
      assertNotCommon(args.data.password, 'password')
    } catch (error) {
      fail((error as AppError).message)
    }
  }

  const env = loadEnvOrFail()
  const runtime = await openRuntime(env).catch((error: unknown) => fail((error as Error).message))
  const password = args.data.password ?? generateUncommonPassword()
  const isTemporary = !args.data.permanent
  try {
    const user = await createUser(
      runtime.db,
      { email: args.data.email, fullName: args.data.name, role: args.data.role, password, isTemporary },
      { context: offlineContext('cli'), via: 'cli' },
    )
    console.log(`Created ${user.role} ${user.email}${user.fullName ? ` (${user.fullName})` : ''}.`)
    if (!args.data.password) console.log(`Temporary password: ${password}`)
    if (isTemporary) console.log('They must choose their own password at first sign-in.')
  } catch (error) {
    await runtime.close()
    fail(error instanceof AppError ? error.message : String(error))
  }
  await runtime.close()
}

await main()
