// `npm run build`: the client bundle, then the prerendered public pages.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { recordClientBuild, root } from './client-build.mjs'

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', process.env.CI ? 'warn' : 'info'])
if (fs.existsSync(path.join(root, 'scripts/prerender.tsx'))) run(['--import', 'tsx', path.join(root, 'scripts/prerender.tsx')])
recordClientBuild()
