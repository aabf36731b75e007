// `npm start`: build the client if it is missing or out of date and the server's bundle, then run
// the server. A cluster's workers (WEB_CONCURRENCY) run this file too, and only run the bundle.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import path from 'node:path'
import { isClientBuildCurrent, root } from './client-build.mjs'
import { buildServer, serverBundle } from './server-build.mjs'

if (cluster.isPrimary) {
  if (!isClientBuildCurrent()) {
    console.log('Building the client (first start, or the sources changed)...')
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) {
      console.error('The client build failed; see above.')
      process.exit(result.status ?? 1)
    }
  }
  buildServer()
}

// Node's flags (source maps, the heap's size) are on package.json's start script, and a cluster's
// workers inherit them.
await import(serverBundle)
