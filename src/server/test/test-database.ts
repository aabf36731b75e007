import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../db/client'

type TestDatabase = {
  database: Database
  /** PostgreSQL's address for this database (none on PGlite). */
  url?: string
  drop: () => Promise<void>
}

/**
 * A fresh database for one test file: PGlite from the migrated template, or, with
 * TEST_DB=postgres, a new database on TEST_DATABASE_URL's server, dropped afterwards.
 * `isMigrated: false` gives an empty one, for the migrations' own tests.
 */
export async function openTestDatabase({ isMigrated = true } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    if (!isMigrated) return { database: await openPglite(), drop: async () => {} }
    const dump = await fs.readFile(inject('pgliteTemplate'))
    const database = await openPglite(new Blob([dump]))
    return { database, drop: async () => {} }
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `sws_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString())
  if (isMigrated) await database.migrate()
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
