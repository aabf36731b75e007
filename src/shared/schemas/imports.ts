import { z } from 'zod'
import { AccountEmailSchema, FullNameSchema } from './fields'

/** The bulk import's limits: a CSV with this header, at most this many rows, this many bytes. */
export const IMPORT_COLUMNS = ['email', 'full_name', 'role'] as const
export const IMPORT_MAX_ROWS = 5_000
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024

/**
 * One row of an import, checked with the Create New User form's own field schemas, so a row is
 * refused for the same reasons and in the same words. An empty role means user (docs/spec.md §3: a
 * user without a role record is a user).
 */
export const ImportRowSchema = z.object({
  email: AccountEmailSchema,
  fullName: FullNameSchema,
  role: z
    .string()
    .trim()
    .toLowerCase()
    .transform((role) => role || 'user')
    .pipe(z.enum(['user', 'admin'], { error: (issue) => `Unknown role "${String(issue.input)}": use user or admin` })),
})
export type ImportRowInput = z.output<typeof ImportRowSchema>

/** `POST /api/admin/imports?mode=dry-run|commit&sendLoginDetails=true|false`, the CSV as the body. */
export const ImportQuerySchema = z.object({
  mode: z.enum(['dry-run', 'commit'], { error: 'mode must be dry-run or commit' }),
  sendLoginDetails: z
    .enum(['true', 'false'], { error: 'sendLoginDetails must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
})
export type ImportQuery = z.output<typeof ImportQuerySchema>
