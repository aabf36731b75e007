import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { SignInSchema, type SignInInput } from '../../../../shared/schemas/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useSignIn } from '../api'

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const signIn = useSignIn()
  const form = useForm<SignInInput>({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).catch((error: unknown) => {
      notify.error(errorMessage(error, 'Failed to sign in. Please check your credentials.'))
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="link" className="mx-auto h-auto p-0" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
