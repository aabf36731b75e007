import type { PGlite, Transaction } from '@electric-sql/pglite'
import {
  currentLearnerScope,
  EVERYTHING,
  noInvalidation,
  PROGRESS,
  SESSIONS,
  type CoherentCache,
  type Invalidation,
} from './coherent-cache'

/** Statements that change no table's rows: transaction control, locks, settings, a checkpoint. */
const CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|savepoint|release|set|reset|lock|checkpoint|show)\b/i
/** A statement starting with SELECT cannot modify rows (a data-modifying WITH must be at the top). */
const SELECT = /^\s*(\(\s*)*select\b/i
const WITH = /^\s*with\b/i
/** A WITH that holds one of these may write; one that does not only reads. */
const WRITING_WORD = /\b(insert|update|delete|merge)\b/i
/** DML whose table names say what it can change; anything else (DDL, TRUNCATE, DO, COPY…) changes everything. */
const DML = /^\s*(insert|update|delete|merge|with)\b/i
/** `user`: deleting one cascades to their sessions and progress, and the session lookup reads the user row. */
const USER_TABLE = /\buser\b/i
const SESSION_TABLE = /\bsession\b/i
const PROGRESS_TABLE = /\bmodule_progress\b/i

/**
 * What one statement may change among the cached kinds (coherent-cache.ts). Conservative: a
 * statement it cannot place changes everything. Table names are matched as words anywhere in
 * the statement, so a column or literal that spells one only costs an extra drop.
 */
export function kindsWrittenBy(statement: string): number {
  if (SELECT.test(statement) || CONTROL.test(statement)) return 0
  if (WITH.test(statement) && !WRITING_WORD.test(statement)) return 0
  if (!DML.test(statement)) return EVERYTHING
  let kinds = 0
  if (USER_TABLE.test(statement)) kinds |= EVERYTHING
  if (SESSION_TABLE.test(statement)) kinds |= SESSIONS
  if (PROGRESS_TABLE.test(statement)) kinds |= PROGRESS
  return kinds
}

/**
 * Drizzle sends each prepared statement's text again and again (the session lookup, the progress
 * write): each text is placed once. Texts with inlined values could be endless, hence the bound.
 */
const placed = new Map<string, number>()
const PLACED_MAX = 2_000

function kindsWrittenByCached(statement: string): number {
  let kinds = placed.get(statement)
  if (kinds === undefined) {
    kinds = kindsWrittenBy(statement)
    if (placed.size >= PLACED_MAX) placed.clear()
    placed.set(statement, kinds)
  }
  return kinds
}

/** Several statements in one string (simple protocol): anything but one control statement changes everything. */
const kindsWrittenByScript = (script: string): number =>
  CONTROL.test(script) && !/;\s*\S/.test(script) ? 0 : EVERYTHING

function note(invalidation: Invalidation, kinds: number) {
  if (kinds === 0) return
  const learner = currentLearnerScope()
  if (learner === undefined) invalidation.all |= kinds
  else invalidation.byUser.set(learner.userId, (invalidation.byUser.get(learner.userId) ?? 0) | (kinds & learner.kinds))
}

/**
 * The PGlite handle Drizzle is given (db/client.ts): every statement goes to PGlite as before,
 * and what it may have written is dropped from `cache` once it has committed, before the caller
 * continues. A statement outside a transaction commits when PGlite answers it; a transaction's
 * writes are collected and dropped after its COMMIT. A transaction that rolls back changed
 * nothing, and no cache read can have run inside it: PGlite runs a statement from outside the
 * transaction only after the transaction ends (its transaction mutex), and the cache is filled
 * only from statements outside transactions (the decision record spells it out).
 */
export function trackWrites(client: PGlite, cache: CoherentCache): PGlite {
  const afterWrite = async <T>(kinds: number, run: () => Promise<T>): Promise<T> => {
    const invalidation = noInvalidation()
    note(invalidation, kinds)
    try {
      return await run()
    } finally {
      // On an error too: a statement that failed changed nothing, but a failure after PGlite
      // committed (answer parsing) must not leave a stale entry.
      if (invalidation.all || invalidation.byUser.size) cache.invalidate(invalidation)
    }
  }

  const trackedTransaction = (tx: Transaction, invalidation: Invalidation): Transaction => ({
    query: (query, params, options) => {
      note(invalidation, kindsWrittenByCached(query))
      return tx.query(query, params, options)
    },
    sql: (strings, ...params) => {
      note(invalidation, EVERYTHING)
      return tx.sql(strings, ...params)
    },
    exec: (query, options) => {
      note(invalidation, kindsWrittenByScript(query))
      return tx.exec(query, options)
    },
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed
    },
  })

  const overrides: Partial<PGlite> = {
    query: (query, params, options) => {
      const kinds = kindsWrittenByCached(query)
      return kinds === 0 ? client.query(query, params, options) : afterWrite(kinds, () => client.query(query, params, options))
    },
    sql: (strings, ...params) => afterWrite(EVERYTHING, () => client.sql(strings, ...params)),
    exec: (query, options) => {
      const kinds = kindsWrittenByScript(query)
      return kinds === 0 ? client.exec(query, options) : afterWrite(kinds, () => client.exec(query, options))
    },
    async transaction(callback) {
      const invalidation = noInvalidation()
      const result = await client.transaction((tx) => callback(trackedTransaction(tx, invalidation)))
      // Committed: PGlite's transaction() resolves only after COMMIT, and throws on a rollback.
      cache.invalidate(invalidation)
      return result
    },
    execProtocol: (message, options) => afterWrite(EVERYTHING, () => client.execProtocol(message, options)),
    execProtocolRaw: (message, options) => afterWrite(EVERYTHING, () => client.execProtocolRaw(message, options)),
    execProtocolStream: (message, options) => afterWrite(EVERYTHING, () => client.execProtocolStream(message, options)),
    execProtocolRawStream: (message, options) => afterWrite(EVERYTHING, () => client.execProtocolRawStream(message, options)),
  }

  return new Proxy(client, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof PGlite]
      const value: unknown = Reflect.get(target, property, target)
      // PGlite's methods use private fields: they must run on the real instance.
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
