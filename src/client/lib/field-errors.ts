import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from './api-client'

/** A problem with one field: from the API (`path` names the field) or from a zod schema (a path array). */
type FieldIssue = { path: string | readonly PropertyKey[]; message: string }

const fieldOf = ({ path }: FieldIssue) => (typeof path === 'string' ? path : String(path[0]))

/**
 * The first message for each field the issues name, in the order of the issues; with `fields`,
 * only for those (an issue about anything else has no field to show it under).
 */
export function fieldErrors(issues: readonly FieldIssue[], fields?: readonly string[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {}
  for (const issue of issues) {
    const field = fieldOf(issue)
    if (!fields || fields.includes(field)) errors[field] ??= issue.message
  }
  return errors
}

type ShowOptions<F extends FieldValues> = {
  /** The field a 409 (taken, already exists) is about: its message shows there. */
  conflictField?: Path<F>
  /** Move the keyboard focus to the first field, in `fields` order, that has an error. */
  focus?: boolean
}

/**
 * Shows an API failure's field issues under the fields of a react-hook-form form, in `fields`
 * (the form's order). Anything else about the failure is the caller's to show (a toast).
 */
export function showApiFieldErrors<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, 'setError' | 'setFocus'>,
  error: unknown,
  fields: readonly Path<F>[],
  { conflictField, focus = true }: ShowOptions<F> = {},
): void {
  if (!(error instanceof ApiError)) return
  const errors = fieldErrors(error.issues, fields)
  if (conflictField && error.status === 409) errors[conflictField] = error.message
  const invalid = fields.filter((field) => errors[field] !== undefined)
  for (const field of invalid) form.setError(field, { message: errors[field] })
  if (focus && invalid[0] !== undefined) form.setFocus(invalid[0])
}
