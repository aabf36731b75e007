import { spawnSync } from 'node:child_process'
// @ts-expect-error -- a plain .mjs helper shared with the start script
import { isClientBuildCurrent, root } from '../../scripts/client-build.mjs'

/** End-to-end tests run against the real built client: build it if it is stale. */
export default function setup() {
  if (isClientBuildCurrent()) return
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The client build failed')
}
