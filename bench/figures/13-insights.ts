// Figure 13: the admin panel's Insights on PostgreSQL with 10,000 learners, 80,000 progress rows,
// 40,000 watch rows and 100,000 knowledge check attempts: each chart's request, 10 connections.
import { sql } from 'drizzle-orm'
import { DAY_MS } from '../../src/shared/durations'
import { measureBaseline, type Context } from '../lib/context'
import { expectOk, load, type Request } from '../lib/load'
import { ADMIN, settle, signIn } from '../lib/seed'
import { ms, percent, perSecond } from '../lib/table'

const LEARNERS = 10_000
const CONNECTIONS = 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) * 0.8
const MAX_P99_MS = 150

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10)

const CHARTS = ['funnel', 'activity', 'checks', 'video', 'stalled']
const scenarios = [
  ...CHARTS.map((chart) => ({ name: chart, path: `/api/admin/insights/${chart}` })),
  // A cohort: a third of the learners, enrolled over a year.
  { name: 'funnel, one source and a year', path: `/api/admin/insights/funnel?source=webhook&from=${day(-364)}&to=${day(0)}` },
]
/** Answers are served again for a minute: these ranges (every learner, ending on a different day) are each computed anew. */
const UNCACHED_ROUNDS = 9

/** Every lesson of the course gets a video, published, so the video chart has nine lessons to draw. */
async function publishVideos(url: string, cookie: string) {
  const headers = { cookie, origin: url, 'content-type': 'application/json' }
  for (let n = 1; n <= 8; n++) {
    const draft = (await (await fetch(`${url}/api/admin/course/modules/m${n}`, { headers })).json()) as { revision: number; module: { lessons: object[] } }
    const lessons = draft.module.lessons.map((lesson) => ({ ...lesson, video: { provider: 'vimeo', id: String(100000 + n) } }))
    const saved = await fetch(`${url}/api/admin/course/modules/m${n}`, { method: 'PUT', headers, body: JSON.stringify({ baseRevision: draft.revision, module: { ...draft.module, lessons } }) })
    if (!saved.ok) throw new Error(`Saving module ${n} failed: ${saved.status} ${await saved.text()}`)
  }
  const published = await fetch(`${url}/api/admin/course/publish`, { method: 'POST', headers, body: JSON.stringify({ note: 'Bench: videos for the insights' }) })
  if (!published.ok) throw new Error(`Publishing failed: ${published.status} ${await published.text()}`)
}

/**
 * The volumes of the figure on learners 1–10,000: every module complete (80,000 rows), the
 * certificate for 60 %, enrolment over the last year from three sources, four lessons watched each
 * in one to three ranges, ten attempts each spread over the eight knowledge checks.
 */
async function seedActivity(context: Context) {
  const database = await context.postgres!.database.open()
  try {
    const learners = sql`generate_series(1, ${LEARNERS}::int) as n`
    await database.db.execute(sql`
      update "user" set created_at = now() - make_interval(days => n % 365, mins => n),
        source = (array['webhook', 'import', 'admin'])[1 + n % 3],
        first_signed_in_at = case when n % 10 = 9 then null else now() - make_interval(days => n % 365, mins => n - 60) end,
        last_activity_at = case when n % 10 = 9 then null else now() - make_interval(days => n % 40) end
      from ${learners} where "user".id = 'learner-' || n`)
    await database.db.execute(sql`
      insert into module_progress (user_id, module_id, completed_at)
      select 'learner-' || n, 'm' || m, now() - make_interval(days => n % 300, hours => m) from ${learners}, generate_series(1, 8) as m
      on conflict do nothing`)
    await database.db.execute(sql`
      insert into certificate (id, user_id, recipient_name, completed_at, module_count)
      select 'BENCH-' || n, 'learner-' || n, 'Learner ' || n, now() - make_interval(days => n % 300), 8 from ${learners} where n % 10 < 6
      on conflict do nothing`)
    await database.db.execute(sql`
      insert into lesson_watch (user_id, module_id, lesson_id, ranges, position_seconds, duration_seconds, percent_watched, updated_at)
      select 'learner-' || n, 'm' || l, 'm' || l || '-l1',
        case n % 3 when 0 then '[[0, 600]]'::jsonb when 1 then jsonb_build_array(jsonb_build_array(0, 60 + n % 300)) else '[[0, 90], [200, 260], [400, 480]]'::jsonb end,
        60, 600, case n % 3 when 0 then 100 when 1 then (60 + n % 300) / 6 else 38 end, now() - make_interval(days => n % 300)
      from ${learners}, generate_series(1, 4) as l
      on conflict do nothing`)
    await database.db.execute(sql`
      insert into quiz_attempt (id, user_id, module_id, course_version, answers, score, passed, created_at)
      select 'bench-attempt-' || n || '-' || k, 'learner-' || n, 'm' || (1 + k % 8), 1,
        (select jsonb_agg(jsonb_build_object('questionId', 'q' || q, 'optionIds', '[]'::jsonb, 'correct', (n + k + q) % 4 <> 0)) from generate_series(1, 5) as q),
        (select 20 * count(*) from generate_series(1, 5) as q where (n + k + q) % 4 <> 0),
        (select count(*) from generate_series(1, 5) as q where (n + k + q) % 4 <> 0) >= 4,
        now() - make_interval(days => n % 300, mins => k)
      from ${learners}, generate_series(0, 9) as k`)
    await settle(database)
  } finally {
    await database.close()
  }
}

export async function figure13(context: Context) {
  const target = context.postgres
  if (!target) {
    context.rows.push({ figure: '13. Insights, 10,000 learners: p99', value: 'not run: no PostgreSQL' })
    return
  }
  await context.growPostgres(LEARNERS)
  const cookie = await signIn(target.app.url, ADMIN)
  await publishVideos(target.app.url, cookie)
  await seedActivity(context)
  context.log(`Figure 13: insights, ${LEARNERS.toLocaleString('en')} learners, ${CONNECTIONS} connections, ${SECONDS} s each`)
  const baseline = await measureBaseline(context, CONNECTIONS, SECONDS / 2)
  for (const scenario of scenarios) {
    const request: Request = { path: scenario.path, headers: { cookie, accept: 'application/json' } }
    await expectOk(target.app.url, request)
    await load({ url: target.app.url, connections: CONNECTIONS, duration: 2, requests: [request] })
    const result = await load({ url: target.app.url, connections: CONNECTIONS, duration: SECONDS, requests: [request] })
    context.rows.push({
      figure: `13. Insights, ${scenario.name}: p99 (${perSecond(result.rps)}, ${percent(result.rps / baseline.rps)} of bare)`,
      value: ms(result.p99),
      target: `≤ ${MAX_P99_MS} ms`,
      pass: result.p99 <= MAX_P99_MS && result.failures === 0,
    })
  }
  // What one answer costs when it is computed: one request at a time, nothing else asking.
  for (const chart of CHARTS) {
    const times: number[] = []
    for (let round = 1; round <= UNCACHED_ROUNDS; round++) {
      const started = performance.now()
      const response = await fetch(`${target.app.url}/api/admin/insights/${chart}?from=${day(-700)}&to=${day(-round)}`, { headers: { cookie } })
      if (!response.ok) throw new Error(`${chart}: ${response.status} ${await response.text()}`)
      await response.arrayBuffer()
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    context.rows.push({ figure: `13. Insights, ${chart}, computed anew: median (slowest) of ${UNCACHED_ROUNDS}`, value: `${ms(times[4]!)} (${ms(times.at(-1)!)})` })
  }
}
