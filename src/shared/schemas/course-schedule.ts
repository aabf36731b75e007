import { z } from 'zod'
import { ModuleIdSchema } from '../course/schema'
import { SCHEDULE_MODES } from '../course/schedule'

/** The longest wait the owner can give a module of a drip schedule: a year. */
export const MAX_DRIP_DAYS = 365

export const DRIP_DAYS_MESSAGE = `Enter a whole number of days from 0 to ${MAX_DRIP_DAYS}`

/** A drip schedule whose modules all open on day 0 is "All at once" by mistake. */
export const DRIP_NEEDS_A_DAY_MESSAGE = 'Give at least one module more than 0 days, or choose All at once'

export const isDripWithoutADay = ({ mode, dripDays }: { mode: string; dripDays: Record<string, number> }) =>
  mode === 'drip' && !Object.values(dripDays).some((days) => days > 0)

/** `PUT /api/admin/schedule`: the mode and, for a drip schedule, the days before each module opens. */
export const CourseScheduleSchema = z
  .strictObject({
    mode: z.enum(SCHEDULE_MODES, { error: 'Choose how modules open' }),
    dripDays: z.record(ModuleIdSchema, z.number({ error: DRIP_DAYS_MESSAGE }).int(DRIP_DAYS_MESSAGE).min(0, DRIP_DAYS_MESSAGE).max(MAX_DRIP_DAYS, DRIP_DAYS_MESSAGE)),
  })
  .refine((schedule) => !isDripWithoutADay(schedule), { path: ['dripDays'], message: DRIP_NEEDS_A_DAY_MESSAGE })
export type CourseScheduleInput = z.output<typeof CourseScheduleSchema>

/** `PUT /api/admin/users/:id/schedule`: every module open for this learner, or the schedule again. */
export const ScheduleLiftSchema = z.strictObject({ isLifted: z.boolean({ error: 'Say whether every module is open' }) })
