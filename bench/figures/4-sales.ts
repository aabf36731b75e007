// Figure 4: the public sales page, GET /sales as a browser asks for it (compressed), 50
// connections, against bare node:http.
import http from 'node:http'
import { measureBaseline, type Context } from '../lib/context'
import { expectOk, load, type Request } from '../lib/load'
import { kB, ms, percent, perSecond } from '../lib/table'
import { CONNECTIONS } from './1-progress-read'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const MIN_RATIO = 0.5
const MAX_P99_MS = 10

const salesPage: Request = { path: '/sales', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } }

export async function figure4(context: Context) {
  const { app } = context.pglite
  context.log(`Figure 4: GET /sales, ${CONNECTIONS} connections, ${SECONDS} s`)
  await expectOk(app.url, salesPage)
  await load({ url: app.url, connections: CONNECTIONS, duration: 2, requests: [salesPage] })
  const baseline = await measureBaseline(context, CONNECTIONS, SECONDS)
  const result = await load({ url: app.url, connections: CONNECTIONS, duration: SECONDS, requests: [salesPage] })
  const ratio = result.rps / baseline.rps
  // The same load on bare node:http answering with the very same bytes, headers included: how
  // much of the gap is the response itself (docs/performance.md).
  const page = await rawResponse(`${app.url}${salesPage.path}`, salesPage.headers ?? {})
  await fetch(`${context.baseline.url}/replay`, { method: 'PUT', body: JSON.stringify(page) })
  const sameResponse = await load({ url: context.baseline.url, connections: CONNECTIONS, duration: SECONDS / 2, requests: [{ path: '/replay' }] })
  context.rows.push(
    {
      figure: `4. (bare node:http sending the same response: ${kB(Buffer.from(page.body, 'base64').length)}, ${Object.keys(page.headers).length} headers)`,
      value: perSecond(sameResponse.rps),
      baseline: perSecond(baseline.rps),
      ratio: percent(sameResponse.rps / baseline.rps),
    },
    // Its p99: the latency the same bytes take on this host and load generator, the page's floor.
    { figure: '4. (bare node:http sending the same response): p99', value: ms(sameResponse.p99), baseline: ms(baseline.p99) },
    { figure: '4. GET /sales: requests/s', value: perSecond(result.rps), baseline: perSecond(baseline.rps), ratio: percent(ratio), target: `≥ ${percent(MIN_RATIO)}`, pass: ratio >= MIN_RATIO },
    { figure: '4. GET /sales: p99', value: ms(result.p99), baseline: ms(baseline.p99), target: `≤ ${MAX_P99_MS} ms`, pass: result.p99 <= MAX_P99_MS && result.failures === 0 },
  )
}

/** The response as it travels (still compressed), without the headers Node adds per response. */
function rawResponse(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const perResponse = new Set(['date', 'connection', 'keep-alive', 'content-length'])
          const kept = Object.entries(response.headers).filter(([name]) => !perResponse.has(name))
          resolve({ headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])), body: Buffer.concat(chunks).toString('base64') })
        })
      })
      .on('error', reject)
  })
}
