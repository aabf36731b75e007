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
/** The modules the bundle imports on first use (code splitting): the screens, the e-mails' templates. */
const chunksDir = path.join(root, 'dist/server/chunks')

/**
 * Node's flags for the server, wherever it runs (package.json's start script states them too;
 * server-build.test.ts holds the two together). Stack traces name the sources' lines. V8 sizes its
 * heap from the machine's memory: on a large one it lets garbage grow to four times what is live
 * before it collects, so the old generation gets what a 2 GB server would give it, whatever the
 * machine (docs/decisions/0101-the-server-heap-is-sized-for-a-small-server.md). The young generation
 * keeps a large machine's semispaces: 4 MB ones took the collector 1.6–1.8 times as long (0102).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-old-space-size=512', '--max-semi-space-size=16']

/**
 * Packages stay in node_modules, but for lucide-react: imported whole, its index builds every icon
 * it has (7 MB of heap); bundled, only the icons the pages use are there.
 */
function externalPackages() {
  const { dependencies = {}, devDependencies = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  return Object.keys({ ...dependencies, ...devDependencies })
    .filter((name) => name !== 'lucide-react')
    .flatMap((name) => [name, `${name}/*`])
}

/** Builds the bundle; each file is written whole and then renamed, so a server starting meanwhile reads the old or the new one. */
export function buildServer() {
  const { outputFiles } = buildSync({
    absWorkingDir: root,
    entryPoints: { index: 'src/server/index.ts' },
    outdir: path.dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages(),
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  })
  for (const file of outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true })
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    fs.renameSync(temporary, file.path)
  }
  // Chunks are named by their content: an earlier build's are no longer imported by anything.
  const written = new Set(outputFiles.map((file) => file.path))
  for (const name of fs.readdirSync(chunksDir)) {
    const file = path.join(chunksDir, name)
    if (!written.has(file) && !name.endsWith('.tmp')) fs.rmSync(file, { force: true })
  }
}
