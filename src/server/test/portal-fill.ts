import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { countRows, type Query } from '../backup/tables'
import type { Db } from '../db/client'
import {
  certificate,
  courseModuleDraft,
  courseVersion,
  moduleProgress,
  purchaseEvent,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from '../db/schema'
import { parseSiteConfig, type SiteConfig } from '../../shared/site-config'
import { newCertificateId } from '../certificates/certificate'
import { keepCertificateCredential } from '../credentials/certificate-credential'
import { statusListCredential } from '../credentials/status-list'
import { offlineContext } from '../services/audit-log'
import { insertUserWithPassword, type Creation } from '../services/users'

const DAY = 86_400_000
/** Accounts made as the command line makes them: each writes its audit entry. */
const AS_CLI: Creation = { context: offlineContext('cli'), via: 'cli' }

/**
 * A portal with something in every table that exists today: accounts (one with an awkward name) and their audit entries,
 * sessions, a second factor, progress, a certificate and its signed credential (the signing key, a
 * status list), a second course version and an edited
 * draft, a rate-limit counter, purchase deliveries, a pending verification.
 */
export async function fillPortal(db: Db, publicUrl = 'http://localhost:3000') {
  const passwordHash = 'scrypt-hash-not-checked-here'
  const admin = await db.transaction((tx) => insertUserWithPassword(tx, { email: 'admin@example.com', fullName: 'Ada Admin', role: 'admin', isTemporary: false }, passwordHash, AS_CLI))
  const learners = []
  for (const fullName of ['Léa "Quote" O\'Brien\nsecond line', 'Bob Broker', 'Chen 陈']) {
    learners.push(
      await db.transaction((tx) =>
        insertUserWithPassword(tx, { email: `${randomUUID().slice(0, 8)}@example.com`, fullName, role: 'user', isTemporary: fullName === 'Bob Broker' }, passwordHash, AS_CLI),
      ),
    )
  }
  const [first, second] = learners as [(typeof learners)[number], (typeof learners)[number]]
  const now = Date.now()
  await db.insert(session).values([admin, first].map((owner) => ({
    id: randomUUID(),
    token: randomBytes(24).toString('base64url'),
    userId: owner.id,
    expiresAt: new Date(now + 7 * DAY),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (test)',
  })))
  await db.insert(twoFactor).values({ id: randomUUID(), userId: admin.id, secret: 'encrypted-key', backupCodes: 'encrypted-codes', failedVerificationCount: 2 })
  await db.update(user).set({ twoFactorEnabled: true, lastActivityAt: new Date(now - DAY) }).where(eq(user.id, admin.id))
  await db.insert(verification).values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: first.id, expiresAt: new Date(now + DAY) })

  // The live version (the migrations publish two: the course, then its knowledge checks).
  const [published] = await db.select().from(courseVersion).orderBy(desc(courseVersion.version)).limit(1)
  if (!published) throw new Error('the migrations publish the course')
  await db.insert(courseVersion).values({
    version: published.version + 1,
    document: { ...published.document, modules: published.document.modules },
    moduleIds: published.moduleIds,
    note: 'Another version: "quotes", ünïcödé',
    publishedBy: admin.id,
    publishedByName: 'Ada Admin',
  })
  const drafts = await db.select().from(courseModuleDraft).limit(1)
  await db.update(courseModuleDraft).set({ revision: 3, updatedBy: admin.id, updatedByName: 'Ada Admin' }).where(eq(courseModuleDraft.id, drafts[0]!.id))

  await db.insert(moduleProgress).values(published.moduleIds.map((moduleId, index) => ({ userId: first.id, moduleId, completedAt: new Date(now - (10 - index) * DAY) })))
  await db.insert(moduleProgress).values({ userId: second.id, moduleId: published.moduleIds[0]! })
  await db.update(user).set({ completedModules: published.moduleIds.length }).where(eq(user.id, first.id))
  const [issued] = await db
    .insert(certificate)
    .values({ id: newCertificateId(), userId: first.id, recipientName: first.fullName, completedAt: new Date(now - DAY), moduleCount: published.moduleIds.length })
    .returning()
  // Its signed credential, with the signing key it makes, and the status list it points at.
  const env = { publicUrl, site: (parseSiteConfig({}) as { config: SiteConfig }).config, absoluteUrl: (path: string) => `${publicUrl}${path}` }
  const credential = await keepCertificateCredential(db, env, published.document.modules, issued!)
  await statusListCredential(db, env, 1)
  await db.insert(rateLimit).values({ key: 'sign-in:ip:203.0.113.7', count: 3, resetAt: new Date(now + 600_000) })
  const delivery = randomUUID()
  await db.insert(purchaseEvent).values([
    { id: delivery, orderId: 'order-1', event: 'purchase', email: second.email, userId: second.id, result: 'created' },
    { id: randomUUID(), orderId: 'order-1', event: 'purchase', email: second.email, userId: second.id, result: 'replay', replayOf: delivery },
  ])
  return { credential: credential! }
}

/** Media as uploads leave it: nested folders, a binary file, a name in Unicode with spaces. */
export async function fillMedia(dataDir: string) {
  const media = path.join(dataDir, 'media')
  await fs.mkdir(path.join(media, 'videos', 'module-1'), { recursive: true })
  await fs.writeFile(path.join(media, 'videos', 'module-1', 'lesson 1 – intro.mp4'), randomBytes(300_000))
  await fs.writeFile(path.join(media, 'poster.jpg'), randomBytes(4_000))
  await fs.writeFile(path.join(media, 'videos', 'empty.txt'), '')
}

/** Every table's rows, as sorted JSON: generic, so a table added later is compared too. */
export async function snapshotAllTables(query: Query): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {}
  for (const table of Object.keys(await countRows(query))) {
    const [schema, name] = table.split('.') as [string, string]
    const rows = await query(`select row_to_json(t)::text as row from "${schema}"."${name}" t`)
    snapshot[table] = rows.map((row) => String(row.row)).sort()
  }
  return snapshot
}

/** Every file under `dir` (missing: none) with its SHA-256. */
export async function snapshotFiles(dir: string): Promise<Record<string, string>> {
  let names: string[]
  try {
    names = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
  } catch {
    return {}
  }
  const files: Record<string, string> = {}
  for (const name of names.sort()) files[name] = createHash('sha256').update(await fs.readFile(path.join(dir, name))).digest('hex')
  return files
}

/** The tables on main when the round trip was written: each must have rows, so each is really compared. */
export const FILLED_TABLES = [
  'drizzle.__drizzle_migrations',
  'public.account',
  'public.audit_log',
  'public.certificate',
  'public.course_module_draft',
  'public.credential_key',
  'public.credential_status_list',
  'public.course_version',
  'public.module_progress',
  'public.purchase_event',
  'public.rate_limit',
  'public.session',
  'public.two_factor',
  'public.user',
  'public.verification',
]
