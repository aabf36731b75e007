import { useId, type ComponentProps, type ReactNode } from 'react'
import { Input } from './input'
import { Label } from './label'

type TextFieldProps = ComponentProps<typeof Input> & { label: ReactNode; error?: string; hint?: ReactNode }

/** A labelled input with its validation message tied to it for screen readers. */
export function TextField({ label, error, hint, id, ...props }: TextFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const messageId = `${inputId}-message`
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...props}
      />
      {error ? (
        <p id={messageId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
