// `node --import tsx bench/syscalls.ts [1|2] [postgres|pglite]`: the system calls that send data
// (write, writev, sendto, sendmsg) the portal makes per request, counted by `strace` attached to
// the server while one keep-alive connection sends the figure's requests one after another:
// those on the HTTP connection (the answer) apart from those to the database. For checking that
// an answer leaves in one send (docs/performance.md, "What the profiles say").
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createPgliteDatabase, createPostgresDatabase, findPostgres } from './lib/database'
import { learnerCookie, seedLearners } from './lib/seed'
import { startApp } from './lib/servers'

const [figure = '1', dialect = 'postgres'] = process.argv.slice(2)
const REQUESTS = 200

if (spawnSync('strace', ['-V']).status !== 0) throw new Error('strace is not installed')
const prepare = (database: Parameters<Parameters<typeof createPgliteDatabase>[0]>[0]) => seedLearners(database, 1, 1)
const database = dialect === 'postgres' ? await createPostgresDatabase((await findPostgres())!, prepare) : await createPgliteDatabase(prepare)
const app = await startApp({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sws-strace-')), 'trace')
try {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const cookie = learnerCookie(1, app.secret)
  const send = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = figure === '2' ? JSON.stringify({ completed: i % 2 === 0 }) : undefined
      const request = http.request(
        `${app.url}${figure === '2' ? '/api/progress/1' : '/api/progress'}`,
        {
          agent,
          method: figure === '2' ? 'PUT' : 'GET',
          headers: { cookie, origin: app.url, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (response) => {
          response.resume()
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`status ${response.statusCode}`))))
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  // Warm: the connection open, the statements prepared on the pool's connections.
  for (let i = 0; i < 50; i++) await send(i)
  const strace = spawn('strace', ['-f', '-qq', '-s', '8', '-e', 'trace=write,writev,sendto,sendmsg', '-o', traceFile, '-p', String(app.pid)])
  await new Promise((resolve) => setTimeout(resolve, 1500))
  for (let i = 0; i < REQUESTS; i++) await send(i)
  await new Promise((resolve) => setTimeout(resolve, 500))
  strace.kill('SIGINT')
  await new Promise((resolve) => strace.once('exit', resolve))
  agent.destroy()

  // Lines look like `1234  writev(23, [{iov_base="HTTP/1.1"..., …}], 2) = 512`.
  const calls = fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .map((line) => /^\d+\s+(write|writev|sendto|sendmsg)\((\d+), (.*)$/.exec(line))
    .filter((match) => match !== null)
  const httpFds = new Set(calls.filter((match) => match[3]!.includes('"HTTP/1.1')).map((match) => match[2]))
  const onHttp = calls.filter((match) => httpFds.has(match[2]))
  const byName = (list: typeof calls) => {
    const counts = new Map<string, number>()
    for (const match of list) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1)
    return [...counts].map(([name, count]) => `${name} ${(count / REQUESTS).toFixed(2)}`).join(', ')
  }
  console.log(`Figure ${figure} on ${dialect}, ${REQUESTS} requests one after another on one connection; sends per request:`)
  console.log(`  on the HTTP connection: ${(onHttp.length / REQUESTS).toFixed(2)} (${byName(onHttp)})`)
  const others = calls.filter((match) => !httpFds.has(match[2]))
  console.log(`  elsewhere: ${(others.length / REQUESTS).toFixed(2)} (${byName(others)})`)
  const fds = new Map<string, { count: number; sample: string }>()
  for (const match of others) fds.set(match[2]!, { count: (fds.get(match[2]!)?.count ?? 0) + 1, sample: match[3]!.slice(0, 40) })
  for (const [fd, { count, sample }] of fds) console.log(`    fd ${fd}: ${(count / REQUESTS).toFixed(2)} per request, e.g. ${sample}`)
} finally {
  await app.stop()
  await database.drop()
  fs.rmSync(path.dirname(traceFile), { recursive: true, force: true })
}
