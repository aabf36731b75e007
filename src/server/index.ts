import fs from 'node:fs'
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { loadPageRenderers } from './pages/course-pages'
import { DataDirLockedError } from './db/data-dir-lock'
import { ConfigError, loadEnv } from './env'
import { hasFfmpeg } from './media/ffmpeg'
import { scheduleMediaTidying } from './media/maintenance'
import { openMediaStorage } from './media/open-storage'
import { openRuntime } from './runtime'
import { ensureAdmin } from './services/bootstrap'

const SHUTDOWN_GRACE_MS = 10_000
const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url))
const coursePagesFile = fileURLToPath(new URL('../../dist/course-pages.json', import.meta.url))

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message)
  else console.error('The server could not start:', error)
  process.exit(1)
}

const env = (() => {
  try {
    return loadEnv()
  } catch (error) {
    return fail(error)
  }
})()
const hasClient = fs.existsSync(`${clientDir}/index.html`)
if (!hasClient) console.warn('No built client in dist/client: serving the API only. Run "npm run build".')
// Loaded while the database opens: it waits on the disk and WebAssembly, this on compiling the client's modules.
const pageRenderers = hasClient ? loadPageRenderers(coursePagesFile).catch(fail) : undefined
const runtime = await openRuntime(env).catch(fail)
await ensureAdmin(runtime.db, env.adminEmail, console.log, { requireAdminTwoFactor: env.requireAdminTwoFactor })

const renderers = await pageRenderers
const mediaStorage = openMediaStorage(env)
const app = createApp({ ...runtime, mediaStorage, clientDir: hasClient ? clientDir : undefined, ...renderers })
const stopTidyingMedia = scheduleMediaTidying(runtime.db, mediaStorage)
if (!(await hasFfmpeg())) console.warn('ffmpeg not found: uploaded videos are kept as they are, without a poster or their length (README, "Adding a video").')

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  const database = runtime.database.dialect === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL'
  console.log(`Portal ready at ${env.publicUrl} (listening on port ${info.port}, ${database})`)
}) as Server

let isStopping = false
async function shutdown(signal: string) {
  if (isStopping) return
  isStopping = true
  console.log(`${signal} received: finishing open requests, then stopping.`)
  const force = setTimeout(() => {
    console.error('Requests still open after 10 s; stopping anyway.')
    server.closeAllConnections()
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeIdleConnections()
  })
  stopTidyingMedia()
  await runtime.close()
  console.log('Stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
