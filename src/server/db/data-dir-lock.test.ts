import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

it('refuses a second owner while the first process runs, naming its pid', async () => {
  const dir = tempDir()
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
  try {
    fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(`pid ${holder.pid}`)
  } finally {
    holder.kill()
  }
})

it('takes over a lock left by a process that no longer runs', () => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'server.lock'), '999999999')
  const unlock = lockDataDir(dir)
  expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
  unlock()
  expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false)
})
