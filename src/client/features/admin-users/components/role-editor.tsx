import { useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import type { Role } from '../../../../shared/schemas/fields'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { useChangeUserRole } from '../api'

export const roleLabel: Record<Role, string> = { user: 'User', admin: 'Admin' }

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        role === 'admin' ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
      )}
    >
      {roleLabel[role]}
    </span>
  )
}

/** Edit Role: an inline select with Save and Cancel. Escape cancels too. */
export function RoleEditor({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role)
  const [isSelectOpen, setSelectOpen] = useState(false)
  const changeRole = useChangeUserRole()

  const save = () => {
    if (changeRole.isPending) return
    if (role === user.role) return onDone()
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notify.success('User role updated successfully')
          onDone()
        },
        onError: (error) => notify.error(adminFailure(error, 'Failed to update role')),
      },
    )
  }

  return (
    <div
      className="grid w-max gap-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isSelectOpen && !changeRole.isPending) onDone()
      }}
    >
      <Select value={role} onValueChange={(value) => setRole(value as Role)} onOpenChange={setSelectOpen}>
        <SelectTrigger aria-label={`Role for ${user.email}`} className="h-8" autoFocus>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="user">{roleLabel.user}</SelectItem>
          <SelectItem value="admin">{roleLabel.admin}</SelectItem>
        </SelectContent>
      </Select>
      <div className="flex gap-2 [&_button]:h-8 [&_button]:px-2.5">
        <BusyButton size="sm" onClick={save} isBusy={changeRole.isPending}>
          {changeRole.isPending ? 'Saving...' : 'Save'}
        </BusyButton>
        <Button size="sm" variant="outline" onClick={() => !changeRole.isPending && onDone()}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
