// Figure 4: the public sales page, GET /sales as a browser asks for it (compressed), 50
// connections, against bare node:http.
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
  // The same load on bare node:http answering as many bytes as the compressed page: how much of
  // the gap is only the larger body (see docs/performance.md).
  const page = await fetch(`${app.url}${salesPage.path}`, { headers: salesPage.headers })
  // Content-Length: fetch hands back the body decompressed.
  const pageBytes = Number(page.headers.get('content-length'))
  await page.arrayBuffer()
  const sameSize = await load({ url: context.baseline.url, connections: CONNECTIONS, duration: SECONDS / 2, requests: [{ path: `/bytes/${pageBytes}` }] })
  context.rows.push(
    {
      figure: `4. (bare node:http answering the same ${kB(pageBytes)})`,
      value: perSecond(sameSize.rps),
      baseline: perSecond(baseline.rps),
      ratio: percent(sameSize.rps / baseline.rps),
    },
    { figure: '4. GET /sales: requests/s', value: perSecond(result.rps), baseline: perSecond(baseline.rps), ratio: percent(ratio), target: `≥ ${percent(MIN_RATIO)}`, pass: ratio >= MIN_RATIO },
    { figure: '4. GET /sales: p99', value: ms(result.p99), baseline: ms(baseline.p99), target: `≤ ${MAX_P99_MS} ms`, pass: result.p99 <= MAX_P99_MS && result.failures === 0 },
  )
}
