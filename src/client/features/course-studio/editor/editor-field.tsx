import type { ReactNode } from 'react'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Textarea } from '../../../components/ui/textarea'
import { cn } from '../../../lib/utils'
import { useEditor } from './editor-context'

/** The Markdown the learner's page renders, in one line: every Markdown field says it. */
export function MarkdownHint({ id, className }: { id?: string; className?: string }) {
  return (
    <span id={id} className={cn('block text-sm text-muted-foreground', className)}>
      Markdown: <code className="rounded bg-muted px-1 text-xs">**bold**</code>, <code className="rounded bg-muted px-1 text-xs">*italic*</code>,{' '}
      <code className="rounded bg-muted px-1 text-xs">`code`</code>, <code className="rounded bg-muted px-1 text-xs">[link](https://…)</code>
    </span>
  )
}

type EditorFieldProps = {
  /** The field's stable name (module-form.ts, fieldName): its id and its error. */
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  /** Plain text is one line; Markdown is a growing text area with the Markdown hint (unless the list shows it once). */
  kind?: 'text' | 'markdown' | 'minutes' | 'percent'
  /** A whole number's bounds, for a number field other than the minutes. */
  range?: [min: number, max: number]
  hint?: ReactNode
  /** The id of a hint shown elsewhere (a list's one Markdown hint). */
  describedBy?: string
  /** The label is there for assistive technology only (a list item named by its position). */
  hideLabel?: boolean
  /** A list item's text, usually one line: the text area starts at one line's height. */
  isShort?: boolean
  className?: string
}

/** One field of the module editor: its label, hint and error, tied together for screen readers. */
export function EditorField({ name, label, value, onChange, kind = 'text', range, hint, describedBy, hideLabel, isShort, className }: EditorFieldProps) {
  const { idFor, errorFor, touch } = useEditor()
  const id = idFor(name)
  const error = errorFor(name)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const ownHint = hint ?? (kind === 'markdown' && !describedBy ? <MarkdownHint /> : undefined)
  const describers = [ownHint ? hintId : undefined, describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describers,
    onBlur: () => touch(name),
  }
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      {kind === 'markdown' ? (
        <Textarea rows={isShort ? 1 : 3} className={cn(isShort && 'min-h-10')} {...shared} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input
          {...shared}
          {...(kind === 'minutes' ? { type: 'number', inputMode: 'numeric' as const, min: range?.[0] ?? 1, max: range?.[1] ?? 600, step: 1 } : {})}
          {...(kind === 'percent' ? { type: 'number', inputMode: 'numeric' as const, min: 1, max: 100, step: 1 } : {})}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {ownHint && (
        <div id={hintId} className="text-sm text-muted-foreground">
          {ownHint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
