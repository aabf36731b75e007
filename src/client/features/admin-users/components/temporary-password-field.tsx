import { Copy, RefreshCw } from 'lucide-react'
import { useId, type ComponentProps } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { copyToClipboard } from '../../../lib/clipboard'
import { notify } from '../../../lib/notify'

type TemporaryPasswordFieldProps = ComponentProps<typeof Input> & {
  error?: string
  value: string
  onGenerate: () => void
}

/** The new user's temporary password, shown in clear so the admin can check it, with Generate and copy. */
export function TemporaryPasswordField({ error, value, onGenerate, ...inputProps }: TemporaryPasswordFieldProps) {
  const id = useId()
  const messageId = `${id}-message`

  const onCopy = async () => {
    if (await copyToClipboard(value)) notify.success('Password copied to clipboard', 'Copied')
    else notify.error('Failed to copy password')
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Temporary Password</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          {...inputProps}
        />
        <Button variant="outline" onClick={onGenerate}>
          <RefreshCw aria-hidden />
          Generate
        </Button>
        <Button variant="outline" size="icon" aria-label="Copy password" title="Copy password" disabled={!value} onClick={onCopy}>
          <Copy aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={messageId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={messageId} className="text-sm text-muted-foreground">
          8 to 128 characters. The user chooses their own at first sign-in.
        </p>
      )}
    </div>
  )
}
