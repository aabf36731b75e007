import { z } from 'zod'
import { MAX_VIDEO_SECONDS, type WatchReport } from '../media'

const seconds = z.number({ error: 'Seconds must be a number' }).finite().min(0, 'Seconds cannot be negative').max(MAX_VIDEO_SECONDS, 'Seconds are out of range')

/**
 * Body of `PUT /api/watch/:moduleId/:lessonId` (and of `POST` to the same path, which is what
 * `navigator.sendBeacon` sends on `pagehide`): where the player is, and the ranges played since
 * the last report, as [start, end] seconds. The server merges ranges; seeking is not watching.
 */
export const WatchReportSchema = z.strictObject({
  positionSeconds: seconds,
  durationSeconds: seconds.refine((value) => value > 0, 'Duration must be more than 0 seconds'),
  ranges: z
    .array(z.tuple([seconds, seconds]).refine(([start, end]) => end >= start, 'A range must end after it starts'), { error: 'ranges must be a list' })
    .max(200, 'At most 200 ranges per report'),
})

// The schema's output is the shared type, so the client (which imports the type, not zod) and the server agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameAsSchema: Same<z.infer<typeof WatchReportSchema>, WatchReport> = true
void sameAsSchema
