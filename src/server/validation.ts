import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError } from './errors'

export function validationError(error: { issues: z.core.$ZodIssue[] }): AppError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  return new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues)
}

/** zValidator that answers bad input with the portal's one error shape. */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error)
  })
