import { AsyncLocalStorage } from 'node:async_hooks'
import type { ProgressRow } from '../db/schema'

/**
 * The in-process cache of sessions (with their user) and of learners' progress, on PGlite only
 * (docs/decisions/0061-coherent-cache-on-pglite.md). It is coherent, not merely short-lived: every
 * statement sent to the embedded database passes through `trackWrites` (tracked-pglite.ts), which
 * drops what a write may have changed as soon as the write has committed, before its caller goes
 * on. A value read from the database is stored only if nothing it depends on was dropped while
 * it was being read.
 */

/** What a cached value depends on: sessions (session and user rows), progress (module_progress rows). */
export const SESSIONS = 1
export const PROGRESS = 2
export const EVERYTHING = SESSIONS | PROGRESS

/** Invalidations a write (or a transaction's writes) calls for: whole kinds, or one learner's entries. */
export type Invalidation = { all: number; byUser: Map<string, number> }

export const noInvalidation = (): Invalidation => ({ all: 0, byUser: new Map() })

/**
 * A write that can only change one learner's cached values says so (services/progress-write.ts,
 * auth/session-reader.ts): its invalidation then drops that learner's entries of those kinds
 * instead of the whole kinds. Outside such a scope, a write drops the whole kinds it touches.
 */
type LearnerScope = { userId: string; kinds: number }
const learnerScope = new AsyncLocalStorage<LearnerScope>()

export const currentLearnerScope = (): LearnerScope | undefined => learnerScope.getStore()

/** Counters for tests and the metrics: how often a read was answered from memory. */
export type CacheStats = { sessionHits: number; sessionMisses: number; progressHits: number; progressMisses: number }

/** More than this many learners invalidated one by one while reads are under way: drop everything instead. */
const MAX_TRACKED_USERS = 10_000

/** One kind of cached value, keyed by a string, each belonging to a user. */
class Store<V> {
  private readonly entries = new Map<string, { userId: string; value: V }>()
  private readonly keysByUser = new Map<string, Set<string>>()
  /** Logical time of the last whole-kind drop, and of each user's last drop (while reads are under way). */
  private allDroppedAt = 0
  private readonly userDroppedAt = new Map<string, number>()
  private readsUnderWay = 0

  constructor(
    private readonly clock: { now: number },
    private readonly capacity: number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value
  }

  delete(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    const keys = this.keysByUser.get(entry.userId)
    keys?.delete(key)
    if (keys?.size === 0) this.keysByUser.delete(entry.userId)
  }

  /**
   * Reads a value from the database and keeps it, unless something it depends on was dropped
   * between the start of the read and its result: the value might then predate a committed write.
   */
  async load<R>(key: string, read: () => Promise<R>, toEntry: (result: R) => { userId: string; value: V } | undefined): Promise<R> {
    const startedAt = this.clock.now
    this.readsUnderWay++
    try {
      const result = await read()
      const entry = toEntry(result)
      if (entry && this.allDroppedAt <= startedAt && (this.userDroppedAt.get(entry.userId) ?? 0) <= startedAt) {
        this.store(key, entry)
      }
      return result
    } finally {
      // With no read under way, no drop can matter to one any more.
      if (--this.readsUnderWay === 0) this.userDroppedAt.clear()
    }
  }

  private store(key: string, entry: { userId: string; value: V }) {
    this.delete(key)
    if (this.entries.size >= this.capacity) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.delete(oldest)
    }
    this.entries.set(key, entry)
    let keys = this.keysByUser.get(entry.userId)
    if (!keys) this.keysByUser.set(entry.userId, (keys = new Set()))
    keys.add(key)
  }

  dropAll() {
    this.allDroppedAt = ++this.clock.now
    this.entries.clear()
    this.keysByUser.clear()
    this.userDroppedAt.clear()
  }

  dropUser(userId: string) {
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key)
    this.keysByUser.delete(userId)
    if (this.readsUnderWay === 0) return
    if (this.userDroppedAt.size >= MAX_TRACKED_USERS) return this.dropAll()
    this.userDroppedAt.set(userId, ++this.clock.now)
  }

  get size() {
    return this.entries.size
  }
}

/** A signed-in session as the session reader needs it (auth/session-reader.ts). */
export type CachedSession = {
  sessionId: string
  expiresAt: Date
  id: string
  email: string
  name: string
  role: string
  mustChangePassword: boolean
  twoFactorEnabled: boolean
}

export function createCoherentCache({ capacity = 20_000 } = {}) {
  const clock = { now: 0 }
  const sessions = new Store<CachedSession>(clock, capacity)
  const progress = new Store<readonly ProgressRow[]>(clock, capacity)
  const stats: CacheStats = { sessionHits: 0, sessionMisses: 0, progressHits: 0, progressMisses: 0 }

  return {
    stats,
    /**
     * The session of `token`, from memory or from `read`; an entry past its expiry is dropped
     * (the database's lookup would not find it either).
     */
    async session(token: string, read: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined> {
      const cached = sessions.get(token)
      if (cached) {
        if (cached.expiresAt.getTime() > Date.now()) {
          stats.sessionHits++
          return cached
        }
        sessions.delete(token)
      }
      stats.sessionMisses++
      return sessions.load(token, read, (row) => row && { userId: row.id, value: Object.freeze(row) })
    },
    /** A learner's progress rows, from memory or from `read`. */
    async progress(userId: string, read: () => Promise<ProgressRow[]>): Promise<readonly ProgressRow[]> {
      const cached = progress.get(userId)
      if (cached) {
        stats.progressHits++
        return cached
      }
      stats.progressMisses++
      return progress.load(userId, read, (rows) => ({ userId, value: Object.freeze(rows) }))
    },
    /** Applies a committed write's invalidations (tracked-pglite.ts calls it). */
    invalidate({ all, byUser }: Invalidation) {
      if (all & SESSIONS) sessions.dropAll()
      if (all & PROGRESS) progress.dropAll()
      for (const [userId, kinds] of byUser) {
        if (kinds & SESSIONS && !(all & SESSIONS)) sessions.dropUser(userId)
        if (kinds & PROGRESS && !(all & PROGRESS)) progress.dropUser(userId)
      }
    },
    get sizes() {
      return { sessions: sessions.size, progress: progress.size }
    },
  }
}

export type CoherentCache = ReturnType<typeof createCoherentCache>

/**
 * The cache of a database handle: PGlite's handles have one (db/client.ts), PostgreSQL's and
 * transactions' do not, so reads through those always go to the database.
 */
const caches = new WeakMap<object, CoherentCache>()

export const attachCache = (db: object, cache: CoherentCache) => caches.set(db, cache)

export const cacheOf = (db: object): CoherentCache | undefined => caches.get(db)

/**
 * Runs `write`, whose statements change, among what is cached, only `kinds` of learner `userId`
 * (their progress rows: PROGRESS; their sessions: SESSIONS), so that its invalidation drops those
 * entries only. A promise the caller keeps: a statement in `write` that changed anything else (a
 * role, another learner's rows) would leave it cached. On a database without a cache it just runs
 * `write`.
 */
export function writesOfOneLearner<T>(db: object, userId: string, kinds: number, write: () => Promise<T>): Promise<T> {
  return caches.has(db) ? learnerScope.run({ userId, kinds }, write) : write()
}
