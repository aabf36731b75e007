import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

/** `loadOrCreateSecret(dataDir)` in a process of its own, started at `at` (ms since the epoch): what it printed, or its error. */
function loadInProcess(dataDir: string, at: number): Promise<string> {
  const script = `
    const { loadOrCreateSecret } = await import(${JSON.stringify(path.join(import.meta.dirname, 'secret.ts'))})
    while (Date.now() < ${at}) {}
    try { console.log('secret ' + JSON.stringify(loadOrCreateSecret(${JSON.stringify(dataDir)}))) } catch (error) { console.log('error ' + error.message) }`
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', () => resolve(output.trim()))
  })
}

it('gives processes starting together on an empty DATA_DIR one whole secret, and fails none', async () => {
  // Several rounds of six processes released at the same millisecond: the cluster's workers on a first start.
  for (let round = 0; round < 4; round += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-secret-'))
    dirs.push(dataDir)
    const at = Date.now() + 2_500
    const outputs = await Promise.all(Array.from({ length: 6 }, () => loadInProcess(dataDir, at)))
    const stored = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')
    expect(stored).toMatch(/^[\w-]{43}$/)
    expect(outputs).toEqual(Array(6).fill(`secret ${JSON.stringify(stored)}`))
    expect(fs.readdirSync(dataDir)).toEqual(['auth-secret'])
  }
}, 60_000)
