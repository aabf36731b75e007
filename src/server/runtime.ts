import { createAuth } from './auth/auth'
import { loadOrCreateSecret } from './auth/secret'
import { openPglite, openPostgres, type Database } from './db/client'
import { lockDataDir } from './db/data-dir-lock'
import type { Env } from './env'
import { createMailer } from './mail/mailer'

/**
 * Everything the server and the CLI share: the locked, migrated database, the secret, the
 * mailer and Better Auth. `close` undoes it in order.
 */
export async function openRuntime(env: Env) {
  const unlock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir)
  let database: Database
  try {
    database = env.databaseUrl
      ? await openPostgres(env.databaseUrl)
      : await openPglite(`${env.dataDir}/pglite`)
    await database.migrate()
  } catch (error) {
    unlock()
    throw error
  }
  const authSecret = env.authSecret ?? loadOrCreateSecret(env.dataDir)
  const mailer = createMailer(env)
  const auth = createAuth({ env, db: database.db, mailer, secret: authSecret })
  return {
    env,
    database,
    db: database.db,
    auth,
    mailer,
    authSecret,
    async close() {
      try {
        await database.close()
      } finally {
        unlock()
      }
    },
  }
}
