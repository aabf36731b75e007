import { useCallback, useEffect, useId, useState } from 'react'
import { AUDIT_ACTIONS, auditActionLabels, type AuditAction } from '../../../../shared/audit'
import { Button } from '../../../components/ui/button'
import { DateField } from '../../../components/ui/date-field'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import type { ActivityFilters } from '../api'

const DEBOUNCE_MS = 300

/**
 * A text filter that applies once the admin pauses typing (Enter applies it at once). A value
 * from elsewhere (Clear filters, the Back button) replaces what is typed; the one it sent itself
 * does not, so a keystroke made meanwhile stays.
 */
function TermFilter({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (term: string) => void }) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const [seen, setSeen] = useState(value)
  const [sent, setSent] = useState(value)
  if (value !== seen) {
    setSeen(value)
    if (value !== sent) setDraft(value)
  }
  const apply = useCallback(
    (term: string) => {
      setSent(term)
      onChange(term)
    },
    [onChange],
  )
  useEffect(() => {
    const term = draft.trim()
    if (term === value) return
    const timer = setTimeout(() => apply(term), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, value, apply])

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        maxLength={255}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(draft.trim())
        }}
      />
    </div>
  )
}

type ActivityFiltersProps = { filters: ActivityFilters; onChange: (next: Partial<ActivityFilters>) => void }

/** Actor, target, action and a range of days; each change starts again at the first page. */
export function ActivityFilterBar({ filters, onChange }: ActivityFiltersProps) {
  const actionId = useId()
  const isFiltered = filters.actor || filters.target || filters.action !== 'all' || filters.from || filters.to
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_14rem_10rem_10rem_auto] lg:items-end">
      <TermFilter label="Actor" placeholder="Who did it: an e-mail" value={filters.actor} onChange={(actor) => onChange({ actor })} />
      <TermFilter label="Target" placeholder="Whom it was about: an e-mail" value={filters.target} onChange={(target) => onChange({ target })} />
      <div className="grid gap-2">
        <Label htmlFor={actionId}>Action</Label>
        <Select value={filters.action} onValueChange={(action) => onChange({ action: action as AuditAction | 'all' })}>
          <SelectTrigger id={actionId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All actions</SelectItem>
            {AUDIT_ACTIONS.map((action) => (
              <SelectItem key={action} value={action}>
                {auditActionLabels[action]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DateField label="From" value={filters.from} max={filters.to} onChange={(from) => onChange({ from })} />
      <DateField label="To" value={filters.to} min={filters.from} onChange={(to) => onChange({ to })} />
      <Button
        variant="ghost"
        disabled={!isFiltered}
        onClick={() => onChange({ actor: '', target: '', action: 'all', from: '', to: '' })}
      >
        Clear filters
      </Button>
    </div>
  )
}
