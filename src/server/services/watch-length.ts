import type { Lesson } from '../../shared/course/schema'
import { MAX_VIDEO_SECONDS } from '../../shared/media'

const UNIT_SECONDS: Record<string, number> = {
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
}

/**
 * The shortest a video can be whose lesson states this Duration: "4:40" and "1:02:03" are exact;
 * "45 sec", "5 min", "1 h 5 min" are rounded to their smallest unit, so "5 min" is at least 4 min
 * 30 s. Undefined for a text that is not a length ("Short").
 */
export function statedMinimumSeconds(durationText: string): number | undefined {
  const text = durationText.trim().toLowerCase()
  const clock = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text)
  if (clock) {
    const [hours, minutes, seconds] = [Number(clock[1] ?? 0), Number(clock[2]), Number(clock[3])]
    if (seconds >= 60 || (clock[1] !== undefined && minutes >= 60)) return undefined
    const total = hours * 3600 + minutes * 60 + seconds
    return total > 0 && total <= MAX_VIDEO_SECONDS ? total : undefined
  }
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)\.?/g)]
  if (parts.length === 0 || text.replace(/(\d+(?:\.\d+)?)\s*([a-z]+)\.?/g, '').trim() !== '') return undefined
  let total = 0
  let smallest = Infinity
  for (const [, amount, unit] of parts) {
    const seconds = UNIT_SECONDS[unit!]
    if (!seconds) return undefined
    total += Number(amount) * seconds
    smallest = Math.min(smallest, seconds)
  }
  const minimum = smallest > 1 ? total - smallest / 2 : total
  return minimum > 0 && minimum <= MAX_VIDEO_SECONDS ? minimum : undefined
}

/**
 * The length a lesson's watching is measured against: the server's, never the browser's alone
 * (docs/decisions/0084-watch-length-and-one-time-codes.md). An upload's length as ffprobe
 * measured it; otherwise (Vimeo, YouTube, an upload without ffmpeg) the player's report, but never
 * shorter than the lesson's stated Duration allows. A Duration that is not a length sets no floor.
 */
export function watchLengthSeconds(lesson: Pick<Lesson, 'video' | 'durationText'>, reportedSeconds: number): number {
  if (lesson.video?.provider === 'upload' && lesson.video.durationSeconds) return lesson.video.durationSeconds
  return Math.max(reportedSeconds, statedMinimumSeconds(lesson.durationText) ?? 0)
}
