// `npm start`: build the client if it is missing or out of date, then run the server.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { isClientBuildCurrent, root } from './client-build.mjs'

if (!isClientBuildCurrent()) {
  console.log('Building the client (first start, or the sources changed)...')
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('The client build failed; see above.')
    process.exit(result.status ?? 1)
  }
}

register()
await import('../src/server/index.ts')
