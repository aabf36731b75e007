import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from './server-build.mjs'

const root = path.resolve(import.meta.dirname, '..')

describe("the server's Node flags", () => {
  it('are the ones `npm start` runs with', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.start).toBe(`node ${serverNodeFlags.join(' ')} scripts/start.mjs`)
  })

  it("give the heap a 2 GB server's ceiling, whatever the machine's memory", () => {
    const limit = Number(execFileSync(process.execPath, [...serverNodeFlags, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], { encoding: 'utf8' }))
    // 512 MB of old generation, and the young generation's three 16 MB semispaces (decision 0102).
    expect(limit / 1024 / 1024).toBeGreaterThanOrEqual(512)
    expect(limit / 1024 / 1024).toBeLessThan(580)
  })
})
