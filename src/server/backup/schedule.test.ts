import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { loadEnv } from '../env'
import { openArchive } from './archive'
import { startBackups } from './backup-service'
import { controlSocketPath, requestBackup } from './control-socket'
import { nextBackupAt, pruneBackups, type Clock } from './schedule'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-schedule-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** Local times, as BACKUP_AT is read. */
const local = (year: number, month: number, day: number, hour: number, minute: number, second = 0) => new Date(year, month - 1, day, hour, minute, second)

describe('nextBackupAt', () => {
  it.each([
    ['earlier the same day', local(2026, 11, 24, 1, 15), local(2026, 11, 24, 3, 0)],
    ['a second before', local(2026, 11, 24, 2, 59, 59), local(2026, 11, 24, 3, 0)],
    ['exactly at the time: the next day', local(2026, 11, 24, 3, 0), local(2026, 11, 25, 3, 0)],
    ['later the same day', local(2026, 11, 24, 22, 40), local(2026, 11, 25, 3, 0)],
    ['on the last day of the year', local(2026, 12, 31, 23, 0), local(2027, 1, 1, 3, 0)],
    ['on the last day of February', local(2028, 2, 28, 4, 0), local(2028, 2, 29, 3, 0)],
  ])('%s', (_, now, expected) => {
    expect(nextBackupAt(now, { hour: 3, minute: 0 })).toEqual(expected)
  })

  it('takes the minutes too', () => {
    expect(nextBackupAt(local(2026, 11, 24, 23, 29), { hour: 23, minute: 30 })).toEqual(local(2026, 11, 24, 23, 30))
  })
})

describe('pruneBackups', () => {
  it('keeps the newest and never touches another file', async () => {
    const dir = path.join(root, 'prune')
    fs.mkdirSync(dir)
    const names = [1, 2, 3, 4].map((day) => `portal-backup-2026-11-0${day}T03-00-00Z.tar.gz`)
    for (const name of [...names, 'notes.txt', 'portal-backup-copy.tar.gz']) fs.writeFileSync(path.join(dir, name), 'x')
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 2))
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt', 'portal-backup-copy.tar.gz'].sort())
  })
})

/** A clock the test moves: a timer runs when the test fires it, and the test waits for its run. */
function testClock(start: Date) {
  let now = start
  let pending: { run: () => Promise<void>; at: number } | undefined
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => (pending = { run, at: now.getTime() + ms }),
    clearTimeout: () => (pending = undefined),
  }
  return {
    clock,
    pendingAt: () => (pending ? new Date(pending.at) : undefined),
    async fire() {
      const timer = pending!
      now = new Date(timer.at)
      await timer.run()
    },
  }
}

it('runs the nightly backup at BACKUP_AT into BACKUP_DIR, keeps BACKUP_KEEP, and answers npm run backup meanwhile', async () => {
  const dataDir = path.join(root, 'data')
  const backupDir = path.join(root, 'nightly')
  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true })
  fs.writeFileSync(path.join(dataDir, 'media', 'video.mp4'), 'frames')
  fs.mkdirSync(backupDir)
  // Three older nightly backups: with BACKUP_KEEP=2 only the newest old one and tonight's stay.
  const older = [1, 2, 3].map((day) => `portal-backup-2026-11-0${day}T03-00-00Z.tar.gz`)
  for (const name of older) fs.writeFileSync(path.join(backupDir, name), 'old')

  const env = loadEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_AT: '03:00', BACKUP_KEEP: '2' })
  const database = await openPglite()
  await database.migrate()
  const logged: string[] = []
  const time = testClock(local(2026, 11, 24, 2, 0))
  const backups = await startBackups(
    { env, database },
    { clock: time.clock, log: { log: (line) => logged.push(line), error: (line) => logged.push(`error: ${line}`) } },
  )
  try {
    expect(logged).toEqual([`Backups every day at 03:00 into ${backupDir}, keeping the newest 2.`])
    expect(time.pendingAt()).toEqual(local(2026, 11, 24, 3, 0))

    await time.fire()
    const tonight = `portal-backup-${local(2026, 11, 24, 3, 0).toISOString().replace('.000Z', 'Z').replaceAll(':', '-')}.tar.gz`
    expect(fs.readdirSync(backupDir).sort()).toEqual([older[2], tonight].sort())
    expect(logged[1]).toMatch(new RegExp(`^Backup written: ${path.join(backupDir, tonight).replaceAll('.', '\\.')} \\(.+, \\d+ rows, 1 media files\\); removed the oldest: ${older[0]}, ${older[1]}$`))
    const manifest = await openArchive(path.join(backupDir, tonight), path.join(root, 'unpacked'))
    expect(manifest).toMatchObject({ database: 'pglite', createdAt: local(2026, 11, 24, 3, 0).toISOString() })
    expect(manifest.entries.map((entry) => entry.path)).toContain('media/video.mp4')
    // Armed again for the next night.
    expect(time.pendingAt()).toEqual(local(2026, 11, 25, 3, 0))

    // The command line's way in while the server runs on the embedded database.
    const asked = path.join(root, 'asked.tar.gz')
    await expect(requestBackup(dataDir, asked)).resolves.toMatchObject({ file: asked, mediaFiles: 1 })
    expect(fs.existsSync(asked)).toBe(true)
  } finally {
    await backups.close()
    await database.close()
  }
  expect(fs.existsSync(controlSocketPath(dataDir))).toBe(false)
}, 120_000)

it('refuses to start with a BACKUP_DIR it cannot write to', async () => {
  const notADirectory = path.join(root, 'not-a-directory')
  fs.writeFileSync(notADirectory, '')
  const database = await openPglite()
  try {
    await expect(startBackups({ env: loadEnv({ DATA_DIR: path.join(root, 'refused'), BACKUP_DIR: notADirectory }), database })).rejects.toThrow(
      `Invalid configuration:\n  - BACKUP_DIR: cannot write to ${notADirectory}`,
    )
  } finally {
    await database.close()
  }
})

it('logs a failed nightly backup, tries again the next night, and sweeps what an interrupted one left', async () => {
  const dataDir = path.join(root, 'failing')
  const backupDir = path.join(root, 'failing-backups')
  fs.mkdirSync(path.join(dataDir, '.backup-interrupted'), { recursive: true })
  fs.mkdirSync(path.join(dataDir, '.restore-interrupted'))
  const env = loadEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir })
  const database = await openPglite()
  const logged: string[] = []
  const time = testClock(local(2026, 11, 24, 12, 0))
  const backups = await startBackups(
    { env, database },
    { clock: time.clock, log: { log: (line) => logged.push(line), error: (line) => logged.push(`error: ${line}`) } },
  )
  try {
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([])
    // The folder goes away after the start (a disk unmounted, say), and a file takes its place.
    fs.rmSync(backupDir, { recursive: true })
    fs.writeFileSync(backupDir, '')
    await time.fire()
    expect(logged[1]).toMatch(/^error: The scheduled backup failed: .*failing-backups/)
    expect(time.pendingAt()).toEqual(local(2026, 11, 26, 3, 0))
  } finally {
    await backups.close()
    await database.close()
  }
}, 60_000)
