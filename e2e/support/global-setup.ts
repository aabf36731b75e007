import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
// @ts-expect-error -- a plain .mjs helper shared with the start script
import { isClientBuildCurrent, root } from '../../scripts/client-build.mjs'
import { buildServer } from '../../scripts/server-build.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTempRoot: string
  }
}

/**
 * End-to-end tests run against the real built client (built if it is stale) and the server's
 * bundle (built anew: it takes a fraction of a second). Every DATA_DIR a test makes lives under one
 * temporary root, removed when the run ends.
 */
export default async function setup(project: TestProject) {
  if (!isClientBuildCurrent()) {
    const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) throw new Error('The client build failed')
  }
  buildServer()
  const tempRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-e2e-'))
  project.provide('e2eTempRoot', tempRoot)
  return () => fs.rm(tempRoot, { recursive: true, force: true })
}
