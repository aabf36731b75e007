import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, expect, it } from 'vitest'
import { openArchive, writeArchive } from './archive'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE } from './manifest'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-archive-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
let count = 0
const fresh = (name: string) => path.join(root, `${name}-${++count}`)

const manifestFields = {
  format: BACKUP_FORMAT,
  formatVersion: BACKUP_FORMAT_VERSION,
  database: 'pglite',
  createdAt: '2026-11-24T03:00:00.000Z',
  appVersion: '0.1.0',
  schemaMigration: '0005_two_factor_and_privacy',
  tables: { 'public.user': 2 },
} as const

/** A small backup, and its unpacked files to tamper with and pack again. */
async function makeBackup() {
  const staging = fresh('staging')
  fs.mkdirSync(path.join(staging, 'media', 'videos'), { recursive: true })
  fs.mkdirSync(path.join(staging, 'database'))
  fs.writeFileSync(path.join(staging, 'database', 'pglite.tar'), 'database bytes')
  fs.writeFileSync(path.join(staging, 'media', 'videos', 'intro.mp4'), 'video bytes')
  const file = `${fresh('backup')}.tar.gz`
  await writeArchive(staging, manifestFields, file)
  return { staging, file }
}

/** Packs `staging` as it now is (a tampered copy keeps the original manifest). */
async function repack(staging: string) {
  const file = `${fresh('tampered')}.tar.gz`
  await tar.create({ gzip: true, file, cwd: staging }, fs.readdirSync(staging))
  return file
}

it('writes a manifest with each file’s size and SHA-256, and reads the archive back whole', async () => {
  const { file } = await makeBackup()
  const manifest = await openArchive(file, fresh('open'))
  expect(manifest).toMatchObject(manifestFields)
  expect(manifest.entries).toEqual([
    { path: 'database/pglite.tar', size: 14, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    { path: 'media/videos/intro.mp4', size: 11, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
  ])
  expect(fs.existsSync(`${file}.partial`)).toBe(false)
})

it.each([
  ['a changed file', (staging: string) => fs.writeFileSync(path.join(staging, 'media', 'videos', 'intro.mp4'), 'other bytes'), 'media/videos/intro.mp4 does not match its checksum'],
  ['a missing file', (staging: string) => fs.rmSync(path.join(staging, 'database', 'pglite.tar')), 'database/pglite.tar is missing from it'],
  ['an added file', (staging: string) => fs.writeFileSync(path.join(staging, 'media', 'extra.txt'), 'x'), 'media/extra.txt is in it but not in its manifest'],
  ['no manifest', (staging: string) => fs.rmSync(path.join(staging, MANIFEST_FILE)), 'it has no manifest, so it was not made by npm run backup'],
  ['a manifest that is not one', (staging: string) => fs.writeFileSync(path.join(staging, MANIFEST_FILE), '{"format":"zip"}'), 'its manifest cannot be read'],
  [
    'a newer format',
    (staging: string) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST_FILE), 'utf8'))
      fs.writeFileSync(path.join(staging, MANIFEST_FILE), JSON.stringify({ ...manifest, formatVersion: BACKUP_FORMAT_VERSION + 1 }))
    },
    `it was made by a newer version of the portal (backup format ${BACKUP_FORMAT_VERSION + 1})`,
  ],
])('refuses a well-formed archive with %s', async (_, tamper, why) => {
  const { file } = await makeBackup()
  const unpacked = fresh('unpacked')
  fs.mkdirSync(unpacked)
  await tar.extract({ file, cwd: unpacked })
  tamper(unpacked)
  const tampered = await repack(unpacked)
  await expect(openArchive(tampered, fresh('open'))).rejects.toThrow(`${tampered} is not a usable backup: ${why}. Nothing was changed.`)
})

it('says so when the file is not there', async () => {
  const missing = path.join(root, 'nowhere.tar.gz')
  await expect(openArchive(missing, fresh('open'))).rejects.toThrow(`${missing} was not found. Nothing was changed.`)
})
