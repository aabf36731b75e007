import { ShieldCheck } from 'lucide-react'
import { useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import type { AdminUser } from '../../../../shared/api-types'
import { LearnerEmailsDialog } from '../../../components/learner-emails/learner-emails-dialog'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import { DeleteUserDialog } from './delete-user-dialog'
import { EditUserDialog } from './edit-user-dialog'
import { EndSessionsDialog } from './end-sessions-dialog'
import { ResetTwoFactorDialog } from './reset-two-factor-dialog'
import { ResetCourseDialog } from './reset-course-dialog'
import { ScheduleLiftButton } from './schedule-lift-button'

/** Whether a row's role is being edited, and the button focus returns to when it stops. */
export function useRoleEditing() {
  const [isEditingRole, setEditingRole] = useState(false)
  const editRoleButton = useRef<HTMLButtonElement>(null)
  return {
    isEditingRole,
    editRoleButton,
    startEditingRole: () => setEditingRole(true),
    stopEditingRole: () => {
      // Render the row without the editor first, so the button exists and is focusable now,
      // not a frame later (a keyboard user's next key press must land on it).
      flushSync(() => setEditingRole(false))
      editRoleButton.current?.focus()
    },
  }
}

export function EmailCell({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <div className="grid gap-1">
      <span>
        <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>
        {isSelf && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
      </span>
      {user.mustChangePassword && <span className="text-xs text-muted-foreground">Temporary password not yet changed</span>}
      {user.loginDetails === 'pending' && <span className="text-xs font-medium text-destructive">Login details not delivered yet</span>}
      {user.loginDetails === 'sent' && user.mustChangePassword && <span className="text-xs text-muted-foreground">Login details e-mailed</span>}
      {user.isDisabled && <span className="text-xs font-medium text-destructive">Disabled (purchase refunded): cannot sign in</span>}
      {user.hasTwoFactor && <span className="text-xs text-muted-foreground">Two-factor sign-in on</span>}
    </div>
  )
}

export function FullNameCell({ user }: { user: AdminUser }) {
  return user.fullName ? <span className="break-words">{user.fullName}</span> : <span className="text-muted-foreground">—</span>
}

/** Modules completed out of the published course's `moduleCount`. */
export function ProgressCell({ user, moduleCount }: { user: AdminUser; moduleCount: number }) {
  return (
    <span className="tabular-nums">
      <span aria-hidden>
        {user.completedModules}/{moduleCount}
      </span>
      <span className="sr-only">
        {user.completedModules} of {moduleCount} modules completed
      </span>
    </span>
  )
}

type UserActionsProps = {
  className?: string
  user: AdminUser
  isSelf: boolean
  isEditingRole: boolean
  editRoleButton: RefObject<HTMLButtonElement | null>
  onEditRole: () => void
  onDeleted: () => void
}

/**
 * Edit Details, Edit Role, Reset 2FA (for a user who has it on), Open All Modules (the course's
 * schedule lifted for them), a learner's E-mails (sent, and "Send a reminder now"), Sign Out
 * Everywhere and Delete.
 * Nobody deletes, resets or signs out themself here (the server refuses those too).
 */
export function UserActions({ className, user, isSelf, isEditingRole, editRoleButton, onEditRole, onDeleted }: UserActionsProps) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <EditUserDialog user={user} />
      <Button
        ref={editRoleButton}
        variant="outline"
        size="sm"
        aria-label={`Edit Role of ${user.email}`}
        disabled={isEditingRole}
        onClick={onEditRole}
      >
        <ShieldCheck aria-hidden />
        Edit Role
      </Button>
      {!isSelf && user.hasTwoFactor && <ResetTwoFactorDialog user={user} />}
      <ScheduleLiftButton user={user} />
      {user.role === 'user' && <LearnerEmailsDialog user={user} />}
      {user.role === 'user' && <ResetCourseDialog user={user} />}
      {!isSelf && <EndSessionsDialog user={user} />}
      {!isSelf && <DeleteUserDialog user={user} onDeleted={onDeleted} />}
    </div>
  )
}
