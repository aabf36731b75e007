// Figure 10: video. (a) The player's position save (PUT /api/watch/:moduleId/:lessonId), 50
// connections, each a different learner, against bare node:http. (b) A 100 MB uploaded file served
// with 1 MB Range requests at 20 connections, against a bare node:http server piping the same file
// from disk, measured in the same run.
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { MEDIA_UPLOAD_PATH, mediaUrl } from '../../src/shared/media'
import { LOAD_LEARNERS, measureBaseline, type Context } from '../lib/context'
import { expectOk, load, type Request } from '../lib/load'
import { ADMIN, learnerCookie, signIn } from '../lib/seed'
import { startFileServer } from '../lib/servers'
import { ms, percent, perSecond } from '../lib/table'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const SAVE_CONNECTIONS = 50
const RANGE_CONNECTIONS = 20
const FILE_BYTES = 100 * 1024 * 1024
const RANGE_BYTES = 1024 * 1024
const MIN_SERVING_RATIO = 0.7

/** 1 MB ranges spread over the file, a different order for each connection. */
export const ranges = (index: number, path: string, headers: Record<string, string>): Request[] =>
  Array.from({ length: 25 }, (_, n) => {
    const start = ((n * 37 + index * 11) % 100) * RANGE_BYTES
    return { path, headers: { ...headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` } }
  })

/** A WebM clip padded to 100 MB (or `bytes`): WebM is kept as uploaded, so the portal serves these exact bytes. */
export async function makeFile(bytes = FILE_BYTES): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-bench-video-'))
  const file = path.join(dir, 'lesson.webm')
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-c:v', 'libvpx', file])
  const handle = await fs.open(file, 'r+')
  await handle.truncate(bytes)
  await handle.close()
  return file
}

export async function uploadFile(url: string, cookie: string, file: string, bytes = FILE_BYTES): Promise<string> {
  const headers = { cookie, origin: url, 'tus-resumable': '1.0.0' }
  const created = await fetch(`${url}${MEDIA_UPLOAD_PATH}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes), 'upload-metadata': `kind ${Buffer.from('video').toString('base64')}` },
  })
  if (created.status !== 201) throw new Error(`Upload not created: ${created.status} ${await created.text()}`)
  const location = created.headers.get('location')!
  const patched = await fetch(`${url}${location}`, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: await fs.readFile(file),
  })
  if (patched.status !== 204) throw new Error(`Upload refused: ${patched.status} ${await patched.text()}`)
  for (;;) {
    const answer = await fetch(`${url}${location}/media`, { headers: { cookie } })
    if (answer.status === 200) return ((await answer.json()) as { id: string }).id
    if (answer.status !== 202) throw new Error(`Upload failed: ${answer.status} ${await answer.text()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Gives lesson 1 of module 1 a video and publishes, so learners' reports are taken. */
async function publishVideoLesson(url: string, cookie: string) {
  const headers = { cookie, origin: url, 'content-type': 'application/json' }
  const draft = (await (await fetch(`${url}/api/admin/course/modules/m1`, { headers })).json()) as { revision: number; module: { lessons: object[] } }
  const lessons = draft.module.lessons.map((lesson, index) => (index === 0 ? { ...lesson, video: { provider: 'youtube', id: 'dQw4w9WgXcQ' } } : lesson))
  const saved = await fetch(`${url}/api/admin/course/modules/m1`, { method: 'PUT', headers, body: JSON.stringify({ baseRevision: draft.revision, module: { ...draft.module, lessons } }) })
  if (!saved.ok) throw new Error(`Saving module 1 failed: ${saved.status} ${await saved.text()}`)
  const published = await fetch(`${url}/api/admin/course/publish`, { method: 'POST', headers, body: JSON.stringify({ note: 'Bench: a video lesson' }) })
  if (!published.ok) throw new Error(`Publishing failed: ${published.status} ${await published.text()}`)
}

export async function figure10(context: Context) {
  const target = context.pglite
  const url = target.app.url
  const admin = await signIn(url, ADMIN)

  context.log(`Figure 10a on ${target.label}: PUT /api/watch/m1/m1-l1, ${SAVE_CONNECTIONS} connections, ${SECONDS} s`)
  await publishVideoLesson(url, admin)
  const save = (n: number): Request[] => [
    {
      method: 'PUT',
      path: '/api/watch/m1/m1-l1',
      headers: { cookie: learnerCookie(n, target.app.secret), origin: url, accept: 'application/json' },
      body: JSON.stringify({ positionSeconds: 12, durationSeconds: 600, ranges: [[0, 12]] }),
    },
  ]
  await expectOk(url, save(1)[0]!)
  const baseline = await measureBaseline(context, SAVE_CONNECTIONS, SECONDS / 2)
  const saves = await load({ url, connections: SAVE_CONNECTIONS, duration: SECONDS, perConnection: (index) => save((index % LOAD_LEARNERS) + 1) })
  context.rows.push(
    { figure: `10. PUT /api/watch, ${target.label}: requests/s`, value: perSecond(saves.rps), baseline: perSecond(baseline.rps), ratio: percent(saves.rps / baseline.rps) },
    { figure: `10. PUT /api/watch, ${target.label}: p99`, value: ms(saves.p99) },
    { figure: `10. PUT /api/watch, ${target.label}: non-2xx`, value: String(saves.failures), target: '0', pass: saves.failures === 0 },
  )

  context.log(`Figure 10b on ${target.label}: 100 MB file, 1 MB ranges, ${RANGE_CONNECTIONS} connections, ${SECONDS} s each`)
  const file = await makeFile()
  const fileServer = await startFileServer(file)
  try {
    const mediaId = await uploadFile(url, admin, file)
    const portalRanges = (index: number) => ranges(index, mediaUrl(mediaId), { cookie: admin })
    await expectOk(url, portalRanges(0)[0]!)
    const bare = await load({ url: fileServer.url, connections: RANGE_CONNECTIONS, duration: SECONDS, perConnection: (index) => ranges(index, '/', {}) })
    const served = await load({ url, connections: RANGE_CONNECTIONS, duration: SECONDS, perConnection: portalRanges })
    const ratio = served.rps / bare.rps
    context.rows.push(
      {
        figure: `10. 100 MB file, 1 MB ranges, c=${RANGE_CONNECTIONS}, ${target.label}: MB/s`,
        value: perSecond(served.rps),
        baseline: perSecond(bare.rps),
        ratio: percent(ratio),
        target: `≥ ${percent(MIN_SERVING_RATIO)}`,
        pass: ratio >= MIN_SERVING_RATIO,
      },
      { figure: `10. 100 MB file ranges, ${target.label}: p99`, value: ms(served.p99), baseline: ms(bare.p99) },
      { figure: `10. 100 MB file ranges, ${target.label}: non-2xx`, value: String(served.failures + bare.failures), target: '0', pass: served.failures + bare.failures === 0 },
    )
  } finally {
    await fileServer.stop()
    await fs.rm(path.dirname(file), { recursive: true, force: true })
  }
}
