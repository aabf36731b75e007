import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { projectRoot } from '../project-root'

/** What `npm run backup` writes: a gzipped tar whose first entry is this manifest. */
export const BACKUP_FORMAT = 'success-without-sacrifice-backup'
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST_FILE = 'manifest.json'
/** The embedded database's own dump (PGlite's dumpDataDir), or pg_dump's custom-format file. */
export const PGLITE_DUMP_FILE = 'database/pglite.tar'
export const POSTGRES_DUMP_FILE = 'database/postgres.dump'
export const MEDIA_DIR = 'media'
export const AUTH_SECRET_FILE = 'auth-secret'

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  /** The last migration applied to the database backed up (a file name under drizzle/). */
  schemaMigration: z.string().nullable(),
  /** PostgreSQL's version, for a pg_dump file (pg_restore must be as new). */
  postgresVersion: z.string().optional(),
  /** Every table's row count at the moment of the dump: a restore checks it got the same. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Every other file of the archive, with its size and SHA-256. */
  entries: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
})

export type Manifest = z.infer<typeof ManifestSchema>
export type ManifestEntry = Manifest['entries'][number]

export function parseManifest(text: string): Manifest | undefined {
  try {
    const parsed = ManifestSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

const readJson = (relative: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, relative), 'utf8')) as unknown

export const appVersion = (): string => (readJson('package.json') as { version: string }).version

/** The migrations this version of the portal knows, by the `created_at` drizzle records for each. */
export function knownMigrations(): { tag: string; when: number }[] {
  return (readJson('drizzle/meta/_journal.json') as { entries: { tag: string; when: number }[] }).entries
}
