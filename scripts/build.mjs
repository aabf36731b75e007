// `npm run build`: the client bundle, the prerendered public pages, every file's compressed forms,
// then the server's bundle.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { recordClientBuild, root } from './client-build.mjs'
import { buildServer } from './server-build.mjs'

function run(args) {
  // NODE_ENV=production whatever the caller runs under (Vitest sets "test", `npm start` may run with
  // "development"): Vite would otherwise bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The signed-in pages' templates name this build's chunks: an older file must not outlive a failed build.
fs.rmSync(path.join(root, 'dist/course-pages.json'), { force: true })
run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', process.env.CI ? 'warn' : 'info'])
if (fs.existsSync(path.join(root, 'scripts/prerender.tsx'))) run(['--import', 'tsx', path.join(root, 'scripts/prerender.tsx')])
run(['--import', 'tsx', path.join(root, 'scripts/precompress.ts')])
recordClientBuild()
buildServer()
