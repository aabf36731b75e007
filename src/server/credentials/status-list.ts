import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import { issue } from '@digitalbazaar/vc'
import { BitstringStatusList, createCredential } from '@digitalbazaar/vc-bitstring-status-list'
import { and, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { certificate, credentialStatusList } from '../db/schema'
import type { Env } from '../env'
import { issuerDid, issuerLoader, issuerSigner } from './issuer'

type StatusEnv = Pick<Env, 'publicUrl' | 'site' | 'absoluteUrl'>

/** The Bitstring Status List's smallest length (16 KiB): a list that size tells nobody who is whom. */
export const STATUS_LIST_LENGTH = 131_072

export const statusListPath = (list: number) => `/api/credentials/status/${list}`

/** Where a certificate's bit is: list 1 holds indexes 0 to 131071, list 2 the next, and so on. */
const position = (statusIndex: number) => ({
  list: Math.floor(statusIndex / STATUS_LIST_LENGTH) + 1,
  bit: statusIndex % STATUS_LIST_LENGTH,
})

/** The credential's `credentialStatus`: its revocation bit (Bitstring Status List, BitstringStatusListEntry). */
export function statusEntry(env: StatusEnv, statusIndex: number) {
  const { list, bit } = position(statusIndex)
  const listUrl = env.absoluteUrl(statusListPath(list))
  return {
    id: `${listUrl}#${bit}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(bit),
    statusListCredential: listUrl,
  }
}

const inList = (list: number) =>
  and(gte(certificate.statusIndex, (list - 1) * STATUS_LIST_LENGTH), lt(certificate.statusIndex, list * STATUS_LIST_LENGTH))

/**
 * The signed status list credential of list `list` (1, 2, …). It is kept, and signed again only
 * when a revocation has happened since: revocations only ever add up, so the count of revoked
 * certificates in the list tells whether the kept one is current, on any server process.
 */
export async function statusListCredential(db: Db, env: StatusEnv, list: number, now = new Date()) {
  // Only the lists certificates point at exist: no one can have the portal sign empty ones.
  const [{ last }] = (await db.select({ last: sql<number | null>`max(${certificate.statusIndex})` }).from(certificate)) as [
    { last: number | null },
  ]
  if (last === null || list > position(last).list) return undefined
  const [{ revoked }] = (await db
    .select({ revoked: sql<number>`count(*)::int` })
    .from(certificate)
    .where(and(inList(list), isNotNull(certificate.revokedAt)))) as [{ revoked: number }]
  const [kept] = await db.select().from(credentialStatusList).where(sql`${credentialStatusList.id} = ${list}`)
  if (kept && kept.revokedCount >= revoked) return kept.credential

  const rows = await db
    .select({ statusIndex: certificate.statusIndex })
    .from(certificate)
    .where(and(inList(list), isNotNull(certificate.revokedAt)))
  const bits = new BitstringStatusList({ length: STATUS_LIST_LENGTH })
  for (const row of rows) bits.setStatus(position(row.statusIndex).bit, true)
  const id = env.absoluteUrl(statusListPath(list))
  const unsigned = { ...(await createCredential({ id, list: bits, statusPurpose: 'revocation' })), issuer: issuerDid(env.publicUrl), validFrom: now.toISOString().replace(/\.\d{3}Z$/, 'Z') }
  const suite = new DataIntegrityProof({ signer: await issuerSigner(db, env), cryptosuite: eddsaRdfc2022, date: now })
  const signed = await issue({ credential: unsigned, suite, documentLoader: issuerLoader(db, env), now })
  // Another process may have signed a newer one meanwhile: the higher count stays.
  await db
    .insert(credentialStatusList)
    .values({ id: list, credential: signed, revokedCount: rows.length, signedAt: now })
    .onConflictDoUpdate({
      target: credentialStatusList.id,
      set: { credential: signed, revokedCount: rows.length, signedAt: now },
      setWhere: sql`${credentialStatusList.revokedCount} < ${rows.length}`,
    })
  return signed
}
