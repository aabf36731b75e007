import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { didDocument } from '../credentials/issuer'
import { openPglite } from '../db/client'
import { loadEnv } from '../env'

const run = promisify(execFile)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-key-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const rotate = () =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/credential-key-rotate.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', PUBLIC_URL: 'https://courses.example.com' },
  })

it('retires the signing key and makes the next; the DID document keeps publishing the old one', async () => {
  // The first run opens the portal as its first start does (key-1 made), then rotates to key-2.
  const first = await rotate()
  expect(first.stderr).toBe('')
  expect(first.stdout.trim()).toBe(
    'New credential signing key: did:web:courses.example.com#key-2. Credentials signed before keep verifying with the retired keys.',
  )
  expect((await rotate()).stdout).toContain('did:web:courses.example.com#key-3.')

  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    const env = loadEnv({ PUBLIC_URL: 'https://courses.example.com', DATA_DIR: dataDir })
    const document = await didDocument(database.db, env)
    expect(document.id).toBe('did:web:courses.example.com')
    expect(document.assertionMethod).toEqual(['key-1', 'key-2', 'key-3'].map((key) => `did:web:courses.example.com#${key}`))
    expect(new Set(document.verificationMethod.map((method) => method.publicKeyMultibase)).size).toBe(3)
  } finally {
    await database.close()
  }
}, 120_000)
