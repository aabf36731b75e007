import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildServer, serverBundle, serverNodeFlags } from './server-build.mjs'

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

describe("the server's bundle", () => {
  /** The packages the bundle's static imports load, through its chunks: what every start loads. */
  function packagesLoadedAtStart(): Set<string> {
    buildServer()
    const packages = new Set<string>()
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const code = fs.readFileSync(file, 'utf8')
      for (const match of code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
        const specifier = (match[1] ?? match[2])!
        if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier))
        else packages.add(specifier)
      }
    }
    visit(serverBundle)
    return packages
  }

  it('loads the e-mails, the PDF, the credentials, the PostgreSQL driver, the S3 client, backups and upload checks on first use, and only the icons the pages use', () => {
    const atStart = packagesLoadedAtStart()
    expect(atStart).toContain('better-auth')
    expect(atStart).toContain('hono')
    for (const later of ['@react-email/html', '@react-email/button', '@react-email/render', 'pdf-lib', '@digitalbazaar/vc', 'recharts', 'lucide-react', 'pg', '@aws-sdk/client-s3', 'nodemailer', 'tar', 'file-type']) {
      expect(atStart).not.toContain(later)
    }
  })
})
