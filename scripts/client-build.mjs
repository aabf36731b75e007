// Whether dist/client is current: a fingerprint of everything the client build reads.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const stampFile = path.join(root, 'dist', '.client-build-stamp')
const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.tsx']

function* files(entry) {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isDirectory()) {
    for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child))
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry
  }
}

export function clientFingerprint(env = process.env) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(input)) hash.update(file).update(fs.readFileSync(path.join(root, file)))
  }
  // The site config is baked into the build (docs/decisions/0011-site-config.md): a change of these variables needs a rebuild.
  for (const [name, value] of Object.entries(env).sort()) if (name.startsWith('SITE_')) hash.update(`${name}=${value}`)
  return hash.digest('hex')
}

export function isClientBuildCurrent() {
  if (!fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) return false
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === clientFingerprint()
}

export function recordClientBuild() {
  fs.writeFileSync(stampFile, clientFingerprint())
}
