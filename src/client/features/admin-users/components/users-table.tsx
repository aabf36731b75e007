import type { AdminUser } from '../../../../shared/api-types'
import { RoleBadge, RoleEditor } from './role-editor'
import { EmailCell, FullNameCell, ProgressCell, UserActions, useRoleEditing } from './user-row-parts'
import { TableHead } from '../../../components/ui/table-head'

/** `moduleCount`: the published course's, which progress is out of. */
type UsersViewProps = { users: AdminUser[]; selfId: string; moduleCount: number; onDeleted: () => void }
type UserViewProps = { user: AdminUser; isSelf: boolean; moduleCount: number; onDeleted: () => void }

function UserRow({ user, isSelf, moduleCount, onDeleted }: UserViewProps) {
  const { isEditingRole, editRoleButton, startEditingRole, stopEditingRole } = useRoleEditing()
  return (
    <tr className="border-b last:border-0 hover:bg-muted/40">
      <td className="min-w-44 p-3 align-top">
        <EmailCell user={user} isSelf={isSelf} />
      </td>
      <td className="min-w-28 p-3 align-top">
        <FullNameCell user={user} />
      </td>
      <td className="p-3 align-top">
        {isEditingRole ? <RoleEditor user={user} onDone={stopEditingRole} /> : <RoleBadge role={user.role} />}
      </td>
      <td className="p-3 align-top">
        <ProgressCell user={user} moduleCount={moduleCount} />
      </td>
      <td className="p-3 align-top">
        <UserActions
          // Compact buttons, without icons, on one line keep each row short.
          className="flex-nowrap [&_button]:h-8 [&_button]:px-2.5 [&_svg]:hidden"
          user={user}
          isSelf={isSelf}
          isEditingRole={isEditingRole}
          editRoleButton={editRoleButton}
          onEditRole={startEditingRole}
          onDeleted={onDeleted}
        />
      </td>
    </tr>
  )
}

/** The Manage Users table, where there is room for it. */
export function UsersTable({ users, selfId, moduleCount, onDeleted }: UsersViewProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHead headings={['Email', 'Full Name', 'Role', 'Progress', 'Actions']} cellClassName="p-3" />
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === selfId} moduleCount={moduleCount} onDeleted={onDeleted} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UserCard({ user, isSelf, moduleCount, onDeleted }: UserViewProps) {
  const { isEditingRole, editRoleButton, startEditingRole, stopEditingRole } = useRoleEditing()
  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <EmailCell user={user} isSelf={isSelf} />
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Full Name</dt>
        <dd>
          <FullNameCell user={user} />
        </dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd>{isEditingRole ? <RoleEditor user={user} onDone={stopEditingRole} /> : <RoleBadge role={user.role} />}</dd>
        <dt className="text-muted-foreground">Progress</dt>
        <dd>
          <ProgressCell user={user} moduleCount={moduleCount} />
        </dd>
      </dl>
      <UserActions
        user={user}
        isSelf={isSelf}
        isEditingRole={isEditingRole}
        editRoleButton={editRoleButton}
        onEditRole={startEditingRole}
        onDeleted={onDeleted}
      />
    </li>
  )
}

/** Where the table would not fit (a phone, a narrow window), each user is a card. */
export function UserCards({ users, selfId, moduleCount, onDeleted }: UsersViewProps) {
  return (
    <ul className="grid gap-3">
      {users.map((user) => (
        <UserCard key={user.id} user={user} isSelf={user.id === selfId} moduleCount={moduleCount} onDeleted={onDeleted} />
      ))}
    </ul>
  )
}
