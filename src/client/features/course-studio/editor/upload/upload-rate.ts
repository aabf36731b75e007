import { formatDuration } from '../../../../../shared/duration'

/**
 * An upload's speed and time left, from its progress over the last few seconds (a sliding
 * window, so a stall shows at once and a burst does not promise too much).
 */
const WINDOW_MS = 5000

type Sample = { at: number; bytes: number }

export class UploadRate {
  private samples: Sample[] = []

  /** `bytes` sent so far, at `at` ms of a monotonic clock. */
  add(bytes: number, at: number): void {
    const last = this.samples.at(-1)
    // Fewer bytes than before: the upload resumed from what the server had; start counting again.
    if (last && bytes < last.bytes) this.samples = []
    this.samples.push({ at, bytes })
    while (this.samples.length > 2 && at - (this.samples[0]?.at ?? at) > WINDOW_MS) this.samples.shift()
  }

  /** Bytes per second over the window; null until there is a second's worth to go on. */
  bytesPerSecond(): number | null {
    const first = this.samples[0]
    const last = this.samples.at(-1)
    if (!first || !last || last.at - first.at < 1000) return null
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at)
  }

  /** Seconds left for `total` bytes at the current speed; null when it cannot be told. */
  secondsLeft(total: number): number | null {
    const speed = this.bytesPerSecond()
    const last = this.samples.at(-1)
    if (!speed || !last) return null
    return Math.max(0, (total - last.bytes) / speed)
  }

  reset(): void {
    this.samples = []
  }
}

/** 3.4 MB/s, 850 kB/s: decimal units, as a browser's download list shows them. */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1e6) return `${(bytesPerSecond / 1e6).toFixed(1)} MB/s`
  return `${Math.max(1, Math.round(bytesPerSecond / 1e3))} kB/s`
}

/** 1.2 GB, 350 MB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`
}

/** "about 3 min left", "about 40 sec left", "about 1 h 5 min left" (the portal's one duration format). */
export function formatTimeLeft(seconds: number): string {
  const rounded = seconds < 60 ? Math.max(1, Math.ceil(seconds / 5) * 5) : Math.ceil(seconds / 60) * 60
  return `about ${formatDuration(rounded)} left`
}

