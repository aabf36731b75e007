import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

const DEBOUNCE_MS = 300

/** Searches as the admin types, once they pause; Enter searches at once. */
export function UsersSearch({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const id = useId()
  const [draft, setDraft] = useState(value)

  useEffect(() => {
    const term = draft.trim()
    if (term === value) return
    const timer = setTimeout(() => onSearch(term), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, value, onSearch])

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-xs"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(draft.trim())
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Search users by email or name
      </Label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        placeholder="Search by email or name"
        maxLength={255}
        className="pl-9"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </form>
  )
}
