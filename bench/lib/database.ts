// The databases a benchmark runs on: a fresh PostgreSQL database (dropped afterwards), or a
// PGlite directory prepared before its server starts (PGlite is one process's at a time).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPglite, openPostgres, type Database } from '../../src/server/db/client'

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres'

/** BENCH_DATABASE_URL's server, or the local one when it answers; undefined when neither does. */
export async function findPostgres(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return url
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw error
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export type BenchDatabase = {
  /** What the server's DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) is set to. */
  databaseUrl?: string
  dataDir?: string
  /** Opens the database from the bench process (PGlite: only while no server holds it). */
  open: () => Promise<Database>
  drop: () => Promise<void>
}

type Prepare = (database: Database) => Promise<void>

/** A new database on the PostgreSQL server at `serverUrl`, migrated and prepared (seeded). */
export async function createPostgresDatabase(serverUrl: string, prepare: Prepare): Promise<BenchDatabase> {
  const name = `sws_bench_${Date.now()}_${randomBytes(3).toString('hex')}`
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  await adminQuery(serverUrl, `create database ${name}`)
  const databaseUrl = url.toString()
  const open = () => openPostgres(databaseUrl, 4)
  const database = await open()
  await database.migrate()
  await prepare(database)
  await database.close()
  return { databaseUrl, open, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) }
}

/** A new PGlite DATA_DIR as the server lays it out (`<DATA_DIR>/pglite`), migrated and prepared. */
export async function createPgliteDatabase(prepare: Prepare): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-bench-'))
  const open = () => openPglite(path.join(dataDir, 'pglite'))
  const database = await open()
  await database.migrate()
  await prepare(database)
  await database.close()
  return { dataDir, open, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
}
