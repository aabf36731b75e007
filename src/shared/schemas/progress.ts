import { z } from 'zod'
import { ID_PATTERN } from '../course/schema'
import { isModuleNumber } from '../paths'

/** A module number past the published course's end: the course's size is only known on the server. */
export const moduleNumberMessage = (moduleCount: number) => `Module number must be a whole number from 1 to ${moduleCount}`

/** `:moduleNumber` of `/api/course/modules/:moduleNumber`: digits only, so '1.5', '1e0' and ' 1' are refused. */
export const ModuleNumberParamSchema = z.object({
  moduleNumber: z
    .string()
    .refine(isModuleNumber, 'Module number must be a whole number from 1')
    .transform(Number),
})

/**
 * `:module` of `PUT /api/progress/:module`: a module's id, which stays the same when modules move
 * (what the client sends), or its position in the published course (digits).
 */
export const ModuleRefParamSchema = z.object({
  module: z
    .string()
    .refine(
      (value) => /^\d{1,12}$/.test(value) || ID_PATTERN.test(value),
      'Module must be a module number or a module id',
    ),
})

/** Body of `PUT /api/progress/:module`. */
export const ModuleCompletionSchema = z.strictObject({
  completed: z.boolean({ error: 'completed must be true or false' }),
})

/** A certificate id as the server issues it; anything else cannot be one. */
export const CERTIFICATE_ID_PATTERN = /^SWS(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/
