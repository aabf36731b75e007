import { zodResolver } from '@hookform/resolvers/zod'
import { Pencil } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { AdminUser } from '../../../../shared/api-types'
import { UserDetailsSchema, type UserDetailsInput } from '../../../../shared/schemas/admin'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { TextField } from '../../../components/ui/text-field'
import { adminFailure } from '../../../lib/admin-failure'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'
import { useUpdateUserDetails } from '../api'

type DetailsForm = { email: string; fullName: string }
const fields = ['email', 'fullName'] as const

/** Edit Details: the sign-in e-mail (docs/decisions/0006-admin-edits-sign-in-email.md) and the full name, in a dialog. */
export function EditUserDialog({ user }: { user: AdminUser }) {
  const [isOpen, setOpen] = useState(false)
  const updateDetails = useUpdateUserDetails()
  const form = useForm<DetailsForm, unknown, UserDetailsInput>({ resolver: zodResolver(UserDetailsSchema) })
  const { errors } = form.formState

  const onOpenChange = (open: boolean) => {
    if (open) form.reset({ email: user.email, fullName: user.fullName ?? '' })
    setOpen(open)
  }

  const onSubmit = form.handleSubmit(async (details) => {
    if (updateDetails.isPending) return
    try {
      await updateDetails.mutateAsync({ id: user.id, ...details })
      notify.success('User details updated successfully')
      setOpen(false)
    } catch (error) {
      showApiFieldErrors(form, error, fields, { conflictField: 'email' })
      notify.error(adminFailure(error, 'Failed to update user'))
    }
  })

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit Details of ${user.email}`}>
          <Pencil aria-hidden />
          Edit Details
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User Details</DialogTitle>
          <DialogDescription>
            Change the e-mail {user.email} signs in with, or their full name.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          <TextField label="Full Name" autoComplete="off" error={errors.fullName?.message} {...form.register('fullName')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <BusyButton type="submit" isBusy={updateDetails.isPending}>
              {updateDetails.isPending ? 'Saving...' : 'Save Changes'}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
