import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { CreateUserSchema, type CreateUserFormInput, type CreateUserInput } from '../../../../shared/schemas/admin'
import { generateTemporaryPassword } from '../../../../shared/temporary-password'
import { BusyButton } from '../../../components/ui/busy-button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { TextField } from '../../../components/ui/text-field'
import { NOT_AUTHENTICATED } from '../../../lib/admin-failure'
import { ApiError } from '../../../lib/api-client'
import { copyToClipboard } from '../../../lib/clipboard'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'
import { useCreateUser } from '../api'
import { TemporaryPasswordField } from './temporary-password-field'

const emptyForm: CreateUserFormInput = { email: '', fullName: '', role: 'user', temporaryPassword: '', sendLoginDetails: true }
const fields = ['email', 'fullName', 'role', 'temporaryPassword'] as const

/** Creating a user shows the server's own message when it refused (docs/spec.md §8). */
function createFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return NOT_AUTHENTICATED
    if (error.status >= 400 && error.status < 500) return error.message
  }
  return 'Failed to create user'
}

export function CreateUserForm() {
  const ids = { role: useId(), sendLoginDetails: useId() }
  const createUser = useCreateUser()
  const form = useForm<CreateUserFormInput, unknown, CreateUserInput>({
    resolver: zodResolver(CreateUserSchema),
    defaultValues: emptyForm,
  })
  const { errors } = form.formState
  const password = useWatch({ control: form.control, name: 'temporaryPassword' })

  const onSubmit = form.handleSubmit(async (values) => {
    if (createUser.isPending) return
    try {
      const { user, loginDetails } = await createUser.mutateAsync({ ...values, fullName: values.fullName || undefined })
      if (await copyToClipboard(values.temporaryPassword)) {
        notify.success('User created successfully. Password copied to clipboard.')
        form.reset(emptyForm)
      } else {
        // Keep the password on screen: it is the admin's only copy unless it was e-mailed.
        notify.success('User created successfully.')
        notify.error('Failed to copy password')
        form.reset({ ...emptyForm, temporaryPassword: values.temporaryPassword })
      }
      if (loginDetails === 'sent') notify.info(`Login details e-mailed to ${user.email}`)
      if (loginDetails === 'failed') {
        notify.error('The login details e-mail could not be sent yet. It will be retried with a new temporary password; the users list shows when it is delivered.')
      }
    } catch (error) {
      showApiFieldErrors(form, error, fields, { conflictField: 'email' })
      notify.error(createFailure(error))
    }
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New User</CardTitle>
        <CardDescription>The new user signs in with a temporary password and then chooses their own.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          <TextField
            label="Full Name (optional)"
            autoComplete="off"
            error={errors.fullName?.message}
            {...form.register('fullName')}
          />
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={ids.role} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="user">User</SelectItem>
                    <SelectItem value="admin">Admin</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
            {errors.role && <p className="text-sm font-medium text-destructive">{errors.role.message}</p>}
          </div>
          <TemporaryPasswordField
            value={password}
            error={errors.temporaryPassword?.message}
            onGenerate={() =>
              form.setValue('temporaryPassword', generateTemporaryPassword(), { shouldValidate: true, shouldDirty: true })
            }
            {...form.register('temporaryPassword')}
          />
          <div className="flex items-start gap-3 md:col-span-2">
            <input
              id={ids.sendLoginDetails}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...form.register('sendLoginDetails')}
            />
            <div className="grid gap-1">
              <Label htmlFor={ids.sendLoginDetails}>E-mail the login details to the user</Label>
              <p className="text-sm text-muted-foreground">Sends the sign-in e-mail, the temporary password and a link to the portal.</p>
            </div>
          </div>
          <div className="md:col-span-2">
            <BusyButton type="submit" isBusy={createUser.isPending} className="w-full sm:w-auto">
              {createUser.isPending ? 'Creating User...' : 'Create User'}
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
