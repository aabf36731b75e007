// `npm run bench:admin`: the admin panel's user list with 10,000 users in PostgreSQL.
//
// Creates a fresh database on BENCH_DATABASE_URL's server (default: the local one), seeds
// 10,000 users with progress, starts the real server on a free port, signs in as an admin and
// drives GET /api/admin/users at 10 concurrent connections with autocannon. Prints p99 per
// scenario against the 50 ms target; exits 1 if a scenario misses it or any answer is not 2xx.
// The database is dropped afterwards (--keep keeps it).
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openPostgres } from '../src/server/db/client'
import { moduleProgress, user } from '../src/server/db/schema'
import { createUser } from '../src/server/services/users'

const USER_COUNT = 10_000
const CONNECTIONS = 10
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10)
const TARGET_P99_MS = 50
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin passphrase' }

const root = path.resolve(import.meta.dirname, '..')
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const keep = process.argv.includes('--keep')

const firstNames = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Ken', 'Radia', 'Dennis', 'Frances', 'John', 'Hedy', 'Edsger', 'Sophie', 'Donald', 'Karen', 'Niklaus', 'Mary', 'Guido', 'Anita', 'Bjarne', 'Jean', 'James', 'Shafi', 'Leslie', 'Lynn', 'Brian', 'Joan', 'Vint']
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Liskov', 'Thompson', 'Perlman', 'Ritchie', 'Allen', 'McCarthy', 'Lamarr', 'Dijkstra', 'Wilson', 'Knuth', 'Jones', 'Wirth', 'Keller', 'van Rossum', 'Borg', 'Stroustrup', 'Sammet', 'Gosling', 'Goldwasser', 'Lamport', 'Conway', 'Kernighan', 'Clarke', 'Cerf', 'Nakamura', 'Okafor', 'Schmidt', 'Rossi', 'Dubois', 'Kowalski', 'Andersen', 'Novak', 'Silva', 'Tanaka', 'Murphy', "O'Brien", 'Garcia', 'Nguyen', 'Patel', 'Kim', 'Singh', 'Cohen', 'Haddad', 'Mensah']
const domains = ['example.com', 'brokers.example', 'mortgages.example', 'homeloans.example']

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function seed(databaseUrl: string) {
  const database = await openPostgres(databaseUrl)
  await database.migrate()
  await createUser(database.db, { email: ADMIN.email, fullName: 'Bench Admin', role: 'admin', password: ADMIN.password, isTemporary: false })
  const start = Date.now() - USER_COUNT * 60_000
  const rows = Array.from({ length: USER_COUNT - 1 }, (_, i) => {
    const first = pick(firstNames, i * 7)
    const last = pick(lastNames, i * 13 + Math.floor(i / 50))
    const slug = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
    return {
      id: randomUUID(),
      email: `${slug}.${i}@${pick(domains, i)}`,
      // One in ten learners gave no full name.
      name: i % 10 === 0 ? '' : `${first} ${last}`,
      role: i % 500 === 0 ? 'admin' : 'user',
      mustChangePassword: i % 3 === 0,
      createdAt: new Date(start + i * 60_000),
      updatedAt: new Date(start + i * 60_000),
    }
  })
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(user).values(rows.slice(i, i + 1000))
  const progress = rows.flatMap((row, i) =>
    Array.from({ length: i % 9 }, (_, m) => ({ userId: row.id, moduleNumber: m + 1 })),
  )
  for (let i = 0; i < progress.length; i += 5000) await database.db.insert(moduleProgress).values(progress.slice(i, i + 5000))
  // As autovacuum would have by now on a live database: statistics and the visibility map.
  await database.db.execute(sql`vacuum analyze`)
  await database.close()
  return { users: USER_COUNT, progressRows: progress.length }
}

type Server = { url: string; stop: () => Promise<void> }

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-bench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 60_000)
    child.stdout.on('data', () => {
      if (output.includes('Portal ready at')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

type Scenario = { name: string; path: string }

async function run(url: string, cookie: string, scenario: Scenario, duration: number) {
  const check = await fetch(`${url}${scenario.path}`, { headers: { cookie } })
  const body = (await check.json()) as { users?: unknown[]; total?: number }
  if (!check.ok) throw new Error(`${scenario.path} answered ${check.status}: ${JSON.stringify(body)}`)
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    connections: CONNECTIONS,
    duration,
    headers: { cookie, accept: 'application/json' },
  })
  return {
    scenario: scenario.name,
    rows: `${body.users?.length ?? 0} of ${body.total ?? 0}`,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx + result.errors + result.timeouts,
  }
}

async function main() {
  const name = `sws_bench_${Date.now()}_${randomBytes(3).toString('hex')}`
  const databaseUrl = new URL(serverUrl)
  databaseUrl.pathname = `/${name}`
  console.log(`Database ${name} on ${new URL(serverUrl).host}; seeding ${USER_COUNT.toLocaleString('en')} users…`)
  await adminQuery(`create database ${name}`)
  let server: Server | undefined
  try {
    const seeded = await seed(databaseUrl.toString())
    console.log(`Seeded ${seeded.users} users and ${seeded.progressRows} progress rows. Starting the server…`)
    server = await startServer(databaseUrl.toString())
    const cookie = await signIn(server.url)
    const scenarios: Scenario[] = [
      { name: 'page 1, no search', path: '/api/admin/users?page=1' },
      { name: 'last page (200), no search', path: '/api/admin/users?page=200' },
      { name: 'search by surname', path: '/api/admin/users?search=nakamura' },
      { name: 'search by e-mail part', path: '/api/admin/users?search=mortgages.example' },
      { name: 'search, no match', path: '/api/admin/users?search=nobody-by-this-name' },
    ]
    // Warm up the server (JIT, connection pool, PostgreSQL's caches) before measuring.
    for (const scenario of scenarios) await run(server.url, cookie, scenario, 2)
    const results = []
    for (const scenario of scenarios) {
      const result = await run(server.url, cookie, scenario, DURATION_SECONDS)
      results.push(result)
      console.log(
        `${result.scenario.padEnd(28)} ${result.rows.padStart(12)} rows  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  max ${String(result.max).padStart(3)} ms  ${result.rps} req/s  non-2xx ${result.non2xx}`,
      )
    }
    const misses = results.filter((r) => r.p99 > TARGET_P99_MS || r.non2xx > 0)
    console.log(
      `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, ${os.cpus().length} CPU cores, Node ${process.version}. ` +
        `Target p99 ≤ ${TARGET_P99_MS} ms: ${misses.length === 0 ? 'met' : `MISSED by ${misses.map((m) => m.scenario).join(', ')}`}.`,
    )
    process.exitCode = misses.length === 0 ? 0 : 1
  } finally {
    await server?.stop()
    if (keep) console.log(`Kept the database: ${databaseUrl}`)
    else await adminQuery(`drop database if exists ${name} with (force)`)
  }
}

await main()
