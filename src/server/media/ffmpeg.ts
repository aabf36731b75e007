import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

let available: Promise<boolean> | undefined

/** Whether ffmpeg and ffprobe are on the PATH (Debian's ffmpeg package); asked once. */
export function hasFfmpeg(): Promise<boolean> {
  available ??= Promise.all([run('ffmpeg', ['-version']), run('ffprobe', ['-version'])]).then(
    () => true,
    () => false,
  )
  return available
}

/** The video's length in seconds, or null when ffprobe cannot tell. */
export async function probeDurationSeconds(file: string): Promise<number | null> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
  const seconds = Number.parseFloat(stdout.trim())
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null
}

/** A JPEG poster frame, a moment in (or the first frame of a very short video). */
export async function takePoster(file: string, durationSeconds: number | null, output: string): Promise<void> {
  const at = durationSeconds && durationSeconds > 2 ? Math.min(1, durationSeconds / 10) : 0
  await run('ffmpeg', ['-v', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', 'scale=min(1280\\,iw):-2', '-q:v', '4', output])
}

/**
 * MP4 with the index (moov) at the front, so playback starts before the whole file has loaded.
 * Streams are copied, not re-encoded: quick, and the picture stays as the owner made it.
 */
export async function remuxFaststart(file: string, output: string): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', output])
}
