// zod/mini, like ./fields: the sign-in page loads this.
import { z } from 'zod/mini'
import { EmailSchema, isStorableText, PasswordSchema } from './fields'

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required')),
})
export type SignInInput = z.infer<typeof SignInSchema>

export const ResetRequestSchema = z.object({ email: EmailSchema })
export type ResetRequestInput = z.infer<typeof ResetRequestSchema>

/** What the change-password form collects. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.optional(z.string()),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.newPassword === values.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  )
export type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>

/**
 * What the server takes for a signed-in password change. The current password is required
 * unless the account is flagged to replace a temporary one (docs/decisions/0009-password-change-and-reset.md).
 */
export const ChangePasswordSchema = z.object({
  currentPassword: z.optional(z.string().check(z.maxLength(1024))),
  newPassword: PasswordSchema,
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** A password set from the e-mailed reset link. */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: 'This reset link is invalid or has expired.' })
    .check(
      z.minLength(1, 'This reset link is invalid or has expired.'),
      z.maxLength(200),
      z.refine(isStorableText, 'This reset link is invalid or has expired.'),
    ),
  newPassword: PasswordSchema,
})
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>
