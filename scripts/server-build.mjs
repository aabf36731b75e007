// The server as one file, dist/server/index.mjs: what `npm start` runs, and what the end-to-end
// tests and the bench start. Running the sources under tsx instead costs a loader thread with a heap
// of its own (about 65 MB of the process's memory) and a second of every start
// (docs/decisions/0099-the-server-runs-from-a-bundle.md). Packages stay in node_modules; only our
// own code is bundled, so it takes under a second.
import fs from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { root } from './client-build.mjs'

export const serverBundle = path.join(root, 'dist/server/index.mjs')

/**
 * Node's flags for the server, wherever it runs (package.json's start script states them too;
 * server-build.test.ts holds the two together). Stack traces name the sources' lines. V8 sizes its
 * heap from the machine's memory: on a large one it lets garbage grow to four times what is live
 * before it collects, so the old generation gets what a 2 GB server would give it, whatever the
 * machine (docs/decisions/0101-the-server-heap-is-sized-for-a-small-server.md). The young generation
 * keeps a large machine's semispaces: 4 MB ones took the collector 1.6–1.8 times as long (0102).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-old-space-size=512', '--max-semi-space-size=16']

/** Builds the bundle; each file is written whole and then renamed, so a server starting meanwhile reads the old or the new one. */
export function buildServer() {
  const { outputFiles } = buildSync({
    absWorkingDir: root,
    entryPoints: ['src/server/index.ts'],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  })
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true })
  for (const file of outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    fs.renameSync(temporary, file.path)
  }
}
