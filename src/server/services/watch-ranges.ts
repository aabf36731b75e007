import { MAX_VIDEO_SECONDS } from '../../shared/media'

/** A stretch of a video that was played, [start, end] in seconds. */
export type WatchRange = readonly [number, number]

const isSeconds = (value: number) => Number.isFinite(value) && value >= 0 && value <= MAX_VIDEO_SECONDS

/**
 * Merges played ranges: clipped to the video's length, sorted, overlapping and touching ones
 * joined, empty ones dropped. Idempotent and order-independent, so a report sent twice, or two
 * reports arriving out of order, count once. A negative, non-finite or absurd value is a bug or a
 * forgery, and throws.
 */
export function mergeRanges(ranges: Iterable<WatchRange>, durationSeconds: number): [number, number][] {
  if (!isSeconds(durationSeconds) || durationSeconds === 0) throw new RangeError('Duration out of range')
  const clipped: [number, number][] = []
  for (const [start, end] of ranges) {
    if (!isSeconds(start) || !isSeconds(end) || end < start) throw new RangeError('Range out of range')
    const from = Math.min(start, durationSeconds)
    const to = Math.min(end, durationSeconds)
    if (to > from) clipped.push([from, to])
  }
  clipped.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const [start, end] of clipped) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

export const watchedSeconds = (merged: readonly WatchRange[]) => merged.reduce((sum, [start, end]) => sum + (end - start), 0)

/** Merged ranges over the duration, 0–100, rounded down: 99.9 % watched is not 100 %. */
export const percentWatched = (merged: readonly WatchRange[], durationSeconds: number) =>
  Math.max(0, Math.min(100, Math.floor((watchedSeconds(merged) / durationSeconds) * 100 + 1e-9)))

/**
 * The new ranges, trimmed so they add at most `allowanceSeconds` of watching to `known`: a player
 * cannot have played more than the time since its last report allows (at up to double speed).
 */
export function creditRanges(known: readonly WatchRange[], incoming: readonly WatchRange[], durationSeconds: number, allowanceSeconds: number) {
  const before = watchedSeconds(known)
  let accepted = mergeRanges(known, durationSeconds)
  for (const [start, end] of [...incoming].sort((a, b) => a[0] - b[0])) {
    const room = allowanceSeconds - (watchedSeconds(accepted) - before)
    if (room <= 0) break
    const candidate = mergeRanges([...accepted, [start, end]], durationSeconds)
    const added = watchedSeconds(candidate) - watchedSeconds(accepted)
    accepted = added <= room ? candidate : mergeRanges([...accepted, [start, Math.min(end, start + room)]], durationSeconds)
  }
  return accepted
}
