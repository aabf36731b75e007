import { useRef, useState, type FormEvent } from 'react'
import type { z } from 'zod/mini'
import { fieldErrors } from './field-errors'

type FieldErrors = Partial<Record<string, string>>
type Schema = z.ZodMiniType

function check(schema: Schema, form: HTMLFormElement) {
  const result = schema.safeParse(Object.fromEntries(new FormData(form)))
  return { values: result.data, errors: fieldErrors(result.error?.issues ?? []) }
}

/**
 * A small text-field form checked against one of the shared schemas: on submit, then on every
 * change once submitted, with the first invalid field focused. The sign-in page uses it instead
 * of react-hook-form, which would take a large share of its script budget (docs/performance.md,
 * figure 6), and fetches the schema (zod) with the first keystroke or submit rather than with the
 * page: nothing needs it before. The inputs stay uncontrolled, so text typed before the page
 * hydrated is kept.
 */
export function useSchemaForm<S extends Schema>(loadSchema: () => Promise<S>, onValid: (values: z.output<S>) => Promise<void>) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSubmitted, setSubmitted] = useState(false)
  const [isPending, setPending] = useState(false)
  // A second submit while the first is still checking or sending is dropped.
  const isBusy = useRef(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isBusy.current) return
    isBusy.current = true
    const form = event.currentTarget
    try {
      const result = check(await loadSchema(), form)
      setSubmitted(true)
      setErrors(result.errors)
      const firstInvalid = Object.keys(result.errors)[0]
      if (firstInvalid !== undefined) {
        const field = form.elements.namedItem(firstInvalid)
        if (field instanceof HTMLElement) field.focus()
        return
      }
      setPending(true)
      await onValid(result.values as z.output<S>)
    } finally {
      isBusy.current = false
      setPending(false)
    }
  }

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    void loadSchema().then((schema) => {
      if (isSubmitted) setErrors(check(schema, form).errors)
    })
  }

  return { errors, isPending, formProps: { onSubmit, onInput, noValidate: true } }
}
