import fs from 'node:fs'
import path from 'node:path'
import type { BackupSchedule } from '../env'
import { BACKUP_FILE_PATTERN, backupFileName, type BackupSummary } from './create-backup'

/** The next moment, strictly after `now`, at the local time of day `at`. */
export function nextBackupAt(now: Date, at: BackupSchedule['at']): Date {
  const next = new Date(now)
  next.setHours(at.hour, at.minute, 0, 0)
  if (next <= now) {
    next.setDate(next.getDate() + 1)
    // Across a daylight-saving change the day is not 24 hours: set the time again.
    next.setHours(at.hour, at.minute, 0, 0)
  }
  return next
}

/** Deletes the oldest backups in `dir` beyond the newest `keep`; only files named as backups are touched. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = (await fs.promises.readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort()
  const removed = backups.slice(0, Math.max(0, backups.length - keep))
  for (const name of removed) await fs.promises.rm(path.join(dir, name), { force: true })
  return removed
}

export type Clock = {
  now: () => Date
  /** Runs `run` after `ms`; the run's promise is the timer's, so a test clock can wait for it. */
  setTimeout: (run: () => Promise<void>, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const systemClock: Clock = {
  now: () => new Date(),
  // Unreferenced: a pending backup does not keep a stopping process alive.
  setTimeout: (run, ms) => setTimeout(() => void run(), ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

type Log = { log: (message: string) => void; error: (message: string) => void }

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`)

/**
 * A backup every day at BACKUP_AT into BACKUP_DIR, keeping the newest BACKUP_KEEP. A failure is
 * logged and the next night tries again. Only one process should run it: the caller decides.
 */
export function scheduleBackups({
  schedule,
  dir,
  run,
  log = console,
  clock = systemClock,
}: {
  schedule: BackupSchedule
  dir: string
  run: (output: string) => Promise<BackupSummary>
  log?: Log
  clock?: Clock
}) {
  let handle: unknown
  let isStopped = false

  async function runNow() {
    try {
      await fs.promises.mkdir(dir, { recursive: true })
      const summary = await run(path.join(dir, backupFileName(clock.now())))
      const removed = await pruneBackups(dir, schedule.keep)
      log.log(
        `Backup written: ${summary.file} (${sizeOf(summary.bytes)}, ${summary.rows} rows, ${summary.mediaFiles} media files)` +
          (removed.length > 0 ? `; removed the oldest: ${removed.join(', ')}` : ''),
      )
    } catch (error) {
      log.error(`The scheduled backup failed: ${(error as Error).message}`)
    }
  }

  function arm() {
    const now = clock.now()
    handle = clock.setTimeout(async () => {
      await runNow()
      if (!isStopped) arm()
    }, nextBackupAt(now, schedule.at).getTime() - now.getTime())
  }

  arm()
  return {
    stop() {
      isStopped = true
      clock.clearTimeout(handle)
    },
  }
}
