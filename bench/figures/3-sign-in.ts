// Figure 3: sign-in throughput (8 at once) against raw node:crypto scrypt with Better Auth's
// parameters (@better-auth/utils/password: N 16384, r 16, p 1, 64-byte key), then /api/health's
// p99 while 8 sign-ins run: hashing runs in libuv's threadpool and must never block the event loop.
import { scrypt } from 'node:crypto'
import os from 'node:os'
import { targets, type Context } from '../lib/context'
import { load } from '../lib/load'
import { LEARNER_PASSWORD, learnerEmail } from '../lib/seed'
import { ms, percent } from '../lib/table'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const SIGN_INS_AT_ONCE = 8
const MIN_RATIO = 0.8
const MAX_HEALTH_P99_MS = 25
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 }

const hashOnce = (salt: string) =>
  new Promise<void>((resolve, reject) =>
    scrypt(LEARNER_PASSWORD.normalize('NFKC'), salt, 64, SCRYPT, (error) => (error ? reject(error) : resolve())),
  )

/** One hash's time alone, the median of five in a row: what every sign-in costs at least. */
export async function scryptHashMs(): Promise<number> {
  const times: number[] = []
  for (let index = 0; index < 5; index += 1) {
    const started = performance.now()
    await hashOnce(`0123456789abcdef0123456789abcdef${index}`)
    times.push(performance.now() - started)
  }
  return times.toSorted((one, other) => one - other)[2]!
}

/** Hashes/s of raw scrypt, one hash in flight per core: what the machine can do at most. */
async function rawScryptRate(seconds: number): Promise<number> {
  const started = performance.now()
  const deadline = started + seconds * 1000
  let count = 0
  await Promise.all(
    Array.from({ length: os.availableParallelism() }, async (_, worker) => {
      while (performance.now() < deadline) {
        await hashOnce(`0123456789abcdef0123456789abcd${worker}${count}`)
        count++
      }
    }),
  )
  return count / ((performance.now() - started) / 1000)
}

export async function figure3(context: Context) {
  for (const target of targets(context)) {
    const { url } = target.app
    context.log(`Figure 3 on ${target.label}: raw scrypt, ${SIGN_INS_AT_ONCE} sign-ins at once for ${SECONDS} s, then again with /api/health alongside`)
    const raw = await rawScryptRate(SECONDS / 2)
    const signInLoad = (seconds: number) =>
      load({
        url,
        connections: SIGN_INS_AT_ONCE,
        duration: seconds,
        perConnection: (index) => [
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            headers: { origin: url },
            body: JSON.stringify({ email: learnerEmail(index + 1), password: LEARNER_PASSWORD }),
          },
        ],
      })
    // Throughput on its own, then the event loop's health under the same load: the health
    // checks, one after another as fast as they are answered, would take CPU from the hashing.
    const signIns = await signInLoad(SECONDS)
    const [, health] = await Promise.all([
      signInLoad(SECONDS / 2),
      load({ url, connections: 1, duration: SECONDS / 2, requests: [{ path: '/api/health' }] }),
    ])
    const ratio = signIns.rps / raw
    const name = `3. Sign-in, ${target.label}`
    context.rows.push(
      { figure: `${name}: sign-ins/s vs raw scrypt hashes/s`, value: `${signIns.rps.toFixed(1)}/s`, baseline: `${raw.toFixed(1)}/s`, ratio: percent(ratio), target: `≥ ${percent(MIN_RATIO)}`, pass: ratio >= MIN_RATIO },
      { figure: `${name}: non-2xx sign-ins`, value: String(signIns.failures), target: '0', pass: signIns.failures === 0 },
      { figure: `${name}: /api/health p99 during ${SIGN_INS_AT_ONCE} sign-ins`, value: ms(health.p99), target: `≤ ${MAX_HEALTH_P99_MS} ms`, pass: health.p99 <= MAX_HEALTH_P99_MS && health.failures === 0 },
    )
  }
}
