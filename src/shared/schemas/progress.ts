import { z } from 'zod'
import { MODULE_COUNT } from '../course/catalog'

export const MODULE_NUMBER_MESSAGE = `Module number must be a whole number from 1 to ${MODULE_COUNT}`

/** The `:moduleNumber` of `/api/progress/:moduleNumber`: digits only, so '1.5', '1e0' and ' 1' are refused. */
export const ModuleNumberParamSchema = z.object({
  moduleNumber: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, MODULE_NUMBER_MESSAGE)
    .transform(Number)
    .refine((n) => n <= MODULE_COUNT, MODULE_NUMBER_MESSAGE),
})

/** Body of `PUT /api/progress/:moduleNumber`. */
export const ModuleCompletionSchema = z.strictObject({
  completed: z.boolean({ error: 'completed must be true or false' }),
})

/** A certificate id as the server issues it; anything else cannot be one. */
export const CERTIFICATE_ID_PATTERN = /^SWS(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/
