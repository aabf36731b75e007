import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../test/harness'

// On PostgreSQL, prune_audit_log is SECURITY DEFINER: it deletes with its owner's rights. Only the
// owner may run it (EXECUTE is not PUBLIC's), so a role the operator gave less, such as one that
// only reads the log, cannot empty it (docs/decisions/0048-audit-log.md). Runs only in the
// PostgreSQL pass; the cutoff rule is audit-prune.test.ts.

let h: Harness
let owner: pg.Client
const outsider = `audit_outsider_${randomBytes(6).toString('hex')}`

beforeAll(async () => {
  h = await createHarness()
  await h.createUser()
  owner = new pg.Client({ connectionString: h.databaseUrl })
  await owner.connect()
  // A role that may read the log and use the schema, as a reporting role would: nothing more.
  await owner.query(`CREATE ROLE ${outsider} NOLOGIN`)
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${outsider}`)
  await owner.query(`GRANT SELECT ON audit_log TO ${outsider}`)
})
afterAll(async () => {
  await owner?.query(`DROP OWNED BY ${outsider}`).catch(() => {})
  await owner?.query(`DROP ROLE IF EXISTS ${outsider}`)
  await owner?.end()
  await h?.close()
})

/** Runs `statement` as the outsider role, in a transaction of its own; answers its error, if any. */
async function asOutsider(statement: string): Promise<Error | undefined> {
  await owner.query('BEGIN')
  try {
    await owner.query(`SET LOCAL ROLE ${outsider}`)
    await owner.query(statement)
    return undefined
  } catch (error) {
    return error as Error
  } finally {
    await owner.query('ROLLBACK')
  }
}

const entries = async () => Number((await owner.query('select count(*) as n from audit_log')).rows[0].n)

describe('who may run prune_audit_log', () => {
  it('is not PUBLIC: another role can neither prune nor empty the log; its owner and a role granted EXECUTE can prune', async () => {
    await owner.query(`INSERT INTO audit_log (action, actor_kind, created_at) VALUES ('sign_out', 'anonymous', now() - interval '400 days')`)
    const before = await entries()
    expect(before).toBeGreaterThanOrEqual(2)

    // The outsider reads the log, but the prune is not theirs to run, whatever they pass.
    expect(await asOutsider('select count(*) from audit_log')).toBeUndefined()
    for (const call of [`select prune_audit_log('infinity')`, 'select prune_audit_log(365)', `select prune_audit_log('2999-01-01'::timestamptz)`]) {
      const error = await asOutsider(call)
      expect(error?.message, call).toMatch(/permission denied for function prune_audit_log|function prune_audit_log\(timestamp with time zone\) does not exist|invalid input syntax for type integer/)
    }
    expect((await asOutsider('select prune_audit_log(365)'))?.message).toMatch(/permission denied for function prune_audit_log/)
    expect(await entries()).toBe(before)

    const privileges = await owner.query(
      `select has_function_privilege('public', 'prune_audit_log(integer)', 'EXECUTE') as "isPublic",
              has_function_privilege($1, 'prune_audit_log(integer)', 'EXECUTE') as "isOutsiders"`,
      [outsider],
    )
    expect(privileges.rows[0]).toEqual({ isPublic: false, isOutsiders: false })

    // The operator's way to let the application's own role prune (decision 0048): a grant.
    await owner.query(`GRANT EXECUTE ON FUNCTION prune_audit_log(integer) TO ${outsider}`)
    await owner.query('BEGIN')
    await owner.query(`SET LOCAL ROLE ${outsider}`)
    expect((await owner.query('select prune_audit_log(365) as removed')).rows[0].removed).toBe(1)
    await owner.query('COMMIT')
    expect(await entries()).toBe(before - 1)
  })
})
