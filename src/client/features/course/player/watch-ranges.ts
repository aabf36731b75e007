/**
 * The ranges of a video a learner actually played. Fed with the player's position as it plays
 * (timeupdate, or a poll for players without that event), it extends the open range while the
 * position moves forward about as fast as the clock allows, and breaks the range on a seek or
 * any jump: seeking ahead is not watching. The server merges what it is sent.
 */
export type Range = [start: number, end: number]

/** Fastest speed the player offers; a step faster than this (plus slack) is a jump, not playing. */
const MAX_RATE = 2
/** Slack for timers firing late and players reporting coarse positions. */
const SLACK_SECONDS = 0.75

export class WatchRanges {
  private done: Range[] = []
  private open: Range | null = null
  private lastClock = 0

  /** The player is at `seconds` while playing; `clockMs` is a monotonic clock (performance.now()). */
  playedTo(seconds: number, clockMs: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) return
    if (this.open) {
      const step = seconds - this.open[1]
      const allowed = ((clockMs - this.lastClock) / 1000) * MAX_RATE + SLACK_SECONDS
      if (step >= 0 && step <= allowed) {
        this.open[1] = seconds
        this.lastClock = clockMs
        return
      }
      this.close()
    }
    this.open = [seconds, seconds]
    this.lastClock = clockMs
  }

  /** Playing stopped (pause, seek, end, buffering): the next position starts a new range. */
  interrupt(): void {
    this.close()
  }

  /**
   * The ranges played since the last call, for a report. An open range is sent up to where it has
   * got and stays open from there, so the next report continues it without a gap.
   */
  take(): Range[] {
    const ranges = this.done
    this.done = []
    if (this.open && this.open[1] > this.open[0]) {
      ranges.push([this.open[0], this.open[1]])
      this.open = [this.open[1], this.open[1]]
    }
    return ranges
  }

  private close() {
    if (this.open && this.open[1] > this.open[0]) this.done.push(this.open)
    this.open = null
  }
}
