import { useId } from 'react'
import { Input } from './input'
import { Label } from './label'

type DateFieldProps = { label: string; value: string; min?: string; max?: string; onChange: (day: string) => void }

/** A labelled day picker (`YYYY-MM-DD`), for a range's ends: each bounds the other. */
export function DateField({ label, value, min, max, onChange }: DateFieldProps) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} min={min || undefined} max={max || undefined} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
