import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { Profile } from '../../../../shared/api-types'
import { landingPath } from '../../../../shared/landing'
import { paths } from '../../../../shared/paths'
import { ChangePasswordFormSchema, type ChangePasswordFormInput } from '../../../../shared/schemas/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { useChangePassword, useResetPassword } from '../../../lib/auth'
import { errorMessage } from '../../../lib/api-client'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'

/**
 * 'temporary': a learner replacing a temporary password (no current password needed).
 * 'signed-in': anyone else signed in proves their current password.
 * 'reset': the e-mailed link; the token proves who it is.
 */
export type ChangePasswordMode = { kind: 'temporary' } | { kind: 'signed-in' } | { kind: 'reset'; token: string }

// The fields the server may find fault with (a common password, a wrong current one).
const checkedFields = ['currentPassword', 'newPassword'] as const

export function ChangePasswordForm({ mode }: { mode: ChangePasswordMode }) {
  const navigate = useNavigate()
  const changePassword = useChangePassword()
  const resetPassword = useResetPassword()
  const isPending = changePassword.isPending || resetPassword.isPending
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      let profile: Profile | null = null
      if (mode.kind === 'reset') await resetPassword.mutateAsync({ token: mode.token, newPassword })
      else
        profile = await changePassword.mutateAsync({
          newPassword,
          currentPassword: mode.kind === 'signed-in' ? currentPassword : undefined,
        })
      notify.success('Password updated successfully')
      // A reset signs this browser out: the dashboard's guard asks for the new password first.
      navigate(profile ? landingPath(profile) : paths.dashboard, { replace: true })
    } catch (error) {
      // The message shows under its field; the keyboard focus stays where it was.
      showApiFieldErrors(form, error, checkedFields, { focus: false })
      notify.error(errorMessage(error, 'Failed to update password'))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {mode.kind === 'signed-in' && (
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={errors.currentPassword?.message}
          {...form.register('currentPassword', {
            validate: (value) => (value ? true : 'Current password is required'),
          })}
        />
      )}
      <TextField
        id="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus={mode.kind !== 'signed-in'}
        hint="8 to 128 characters."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        id="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  )
}
