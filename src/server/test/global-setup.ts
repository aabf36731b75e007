import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../../../scripts/server-build.mjs'
import { openPglite } from '../db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

/**
 * Creating and migrating a PGlite database takes seconds; loading a dump of one takes a third
 * of a second. Each test file starts from this migrated dump. The tests that start the real server
 * start its bundle, built here.
 */
export default async function setup(project: TestProject) {
  buildServer()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-template-'))
  const file = path.join(dir, 'migrated.tar.gz')
  const database = await openPglite()
  await database.migrate()
  const dump = await database.pglite.dumpDataDir('gzip')
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteTemplate', file)
  return () => fs.rm(dir, { recursive: true, force: true })
}
