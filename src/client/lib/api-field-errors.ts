import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from './api-client'
import { fieldErrors } from './field-errors'

// Apart from field-errors.ts: the sign-in page checks its form with that module and has no
// react-hook-form form, so it does not load this.

type ShowOptions<F extends FieldValues> = {
  /** The field a 409 (taken, already exists) is about: the server's message shows there. */
  conflictField?: Path<F>
  /** Move the keyboard focus to the first field, in `fields` order, that has an error. */
  focus?: boolean
}

/**
 * Shows an API failure's field issues under the fields of a react-hook-form form. `fields` are
 * the form's fields in the order they appear; an issue about anything else is left out. Anything
 * else about the failure is the caller's to show (a toast).
 */
export function showApiFieldErrors<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, 'setError' | 'setFocus'>,
  error: unknown,
  fields: readonly Path<F>[],
  { conflictField, focus = true }: ShowOptions<F> = {},
): void {
  if (!(error instanceof ApiError)) return
  const errors = fieldErrors(error.issues)
  if (conflictField && error.status === 409) errors[conflictField] = error.message
  const invalid = fields.filter((field) => errors[field] !== undefined)
  for (const field of invalid) form.setError(field, { message: errors[field] })
  if (focus && invalid[0] !== undefined) form.setFocus(invalid[0])
}
