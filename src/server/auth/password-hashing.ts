import os from 'node:os'
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto'

/**
 * Better Auth's scrypt hashing (node:crypto, in libuv's threadpool), at most one hash per core
 * at a time. scrypt is pure CPU: more hashes at once finish no sooner, but with the threadpool's
 * four threads all hashing on a two-core machine the event loop waits for a core and every other
 * request slows down (docs/performance.md, figure 3). Queued hashes wait their turn here instead.
 */
const MAX_HASHES_AT_ONCE = Math.max(1, os.availableParallelism())

let running = 0
const waiting: (() => void)[] = []

/** How long one hash waited for its turn, then took: what a sign-in spends in scrypt. */
export type HashTiming = { waitedSeconds: number; hashingSeconds: number }
let observer: ((timing: HashTiming) => void) | undefined

/** The metrics' listener (observability/metrics.ts): one per process, as the hashes' limit is. */
export function observeHashes(listener: ((timing: HashTiming) => void) | undefined): void {
  observer = listener
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  const asked = performance.now()
  if (running >= MAX_HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  const started = performance.now()
  try {
    return await work()
  } finally {
    observer?.({ waitedSeconds: (started - asked) / 1000, hashingSeconds: (performance.now() - started) / 1000 })
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export const hashPassword = (password: string): Promise<string> => limited(() => scryptHash(password))

export const verifyPassword = (input: { hash: string; password: string }): Promise<boolean> =>
  limited(() => scryptVerify(input))
