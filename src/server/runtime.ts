import { createAuth } from './auth/auth'
import { loadOrCreateSecret } from './auth/secret'
import { openCourseStore, type CourseStore } from './course/course-store'
import { currentCredentialKey } from './credentials/signing-key'
import type { PGlite } from '@electric-sql/pglite'
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
  // The embedded database's own handle is kept for its dumps (backup/backup-service.ts).
  let database: (Database & { pglite?: PGlite }) | undefined
  let courseStore: CourseStore
  try {
    database = env.databaseUrl
      ? await openPostgres(env.databaseUrl, env.databasePoolSize)
      : await openPglite(`${env.dataDir}/pglite`)
    await database.migrate()
    // The credentials' signing key is made on the first start (docs/decisions/0091-open-badges-credential.md).
    await currentCredentialKey(database.db)
    // On PostgreSQL other processes may publish too: the store listens for them.
    courseStore = await openCourseStore(database.db, { listenUrl: env.databaseUrl })
  } catch (error) {
    await database?.close().catch(() => {})
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
    courseStore,
    poolStats: database.poolStats,
    async close() {
      try {
        await courseStore.close()
        await database.close()
      } finally {
        unlock()
      }
    },
  }
}
