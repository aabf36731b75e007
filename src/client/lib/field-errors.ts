/** A problem with one field: from the API (`path` names the field) or from a zod schema (a path array). */
type FieldIssue = { path: string | readonly PropertyKey[]; message: string }

/**
 * The first message for each field the issues name, in the order of the issues: the one mapping
 * of field issues, for the API's answers (api-field-errors.ts) and the shared schemas' checks
 * (use-schema-form.ts).
 */
export function fieldErrors(issues: readonly FieldIssue[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {}
  for (const { path, message } of issues) errors[typeof path === 'string' ? path : String(path[0])] ??= message
  return errors
}
