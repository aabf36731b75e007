import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import { asc, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { credentialKey } from '../db/schema'

export type CredentialKeyRecord = typeof credentialKey.$inferSelect

type Reader = Pick<Db, 'select'>

/** Every key, the retired ones first: all are published, so every credential signed stays verifiable. */
export const listCredentialKeys = (db: Reader): Promise<CredentialKeyRecord[]> =>
  db.select().from(credentialKey).orderBy(asc(credentialKey.createdAt), asc(credentialKey.id))

async function newKeyRow(existing: number): Promise<typeof credentialKey.$inferInsert> {
  const pair = await Ed25519Multikey.generate()
  return { id: `key-${existing + 1}`, publicKeyMultibase: pair.publicKeyMultibase, secretKeyMultibase: pair.secretKeyMultibase! }
}

/**
 * The key that signs now, made on the portal's first start (or first signature). It lives in the
 * database with the rest of the portal's data, so every server process signs with the same key
 * and a backup carries it (docs/decisions/0091-open-badges-credential.md).
 */
export async function currentCredentialKey(db: Db): Promise<CredentialKeyRecord> {
  const [current] = await db.select().from(credentialKey).where(isNull(credentialKey.retiredAt)).limit(1)
  if (current) return current
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(credentialKey)) as [{ count: number }]
  // Two processes starting at once: the unique index on the current key lets one of them in.
  await db.insert(credentialKey).values(await newKeyRow(count)).onConflictDoNothing()
  const [made] = await db.select().from(credentialKey).where(isNull(credentialKey.retiredAt)).limit(1)
  return made!
}

/** Retires the signing key and makes the next one; the old public key stays published. */
export async function rotateCredentialKey(db: Db, now = new Date()): Promise<CredentialKeyRecord> {
  const next = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${credentialKey} in exclusive mode`)
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(credentialKey)) as [{ count: number }]
    await tx.update(credentialKey).set({ retiredAt: now }).where(isNull(credentialKey.retiredAt))
    const row = await newKeyRow(count)
    await tx.insert(credentialKey).values(row)
    return row.id
  })
  const [made] = await db.select().from(credentialKey).where(isNull(credentialKey.retiredAt)).limit(1)
  if (made?.id !== next) throw new Error('The new credential key was not saved')
  return made
}
