import { z } from 'zod'

/** Length as a person counts it: code points, so an emoji or an accented letter counts once. */
export const codePointLength = (value: string): number => Array.from(value).length

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 255
export const FULL_NAME_MAX = 100

type EmailMessages = { invalid: string; tooLong: string }

const emailField = ({ invalid, tooLong }: EmailMessages) =>
  z
    .string({ error: invalid })
    .trim()
    .max(EMAIL_MAX, tooLong)
    .pipe(z.email(invalid))
    .transform((email) => email.toLowerCase())

/** The e-mail a person signs in with (sign-in and reset forms). */
export const EmailSchema = emailField({ invalid: 'Invalid email format', tooLong: 'Email too long' })

/** The e-mail an admin gives a new or edited learner. */
export const AccountEmailSchema = emailField({
  invalid: 'Invalid email format',
  tooLong: 'Email must be less than 255 characters',
})

type PasswordMessages = { tooShort: string; tooLong: string }

const passwordField = ({ tooShort, tooLong }: PasswordMessages) =>
  z
    .string({ error: tooShort })
    .refine((value) => codePointLength(value) >= PASSWORD_MIN, tooShort)
    .refine((value) => codePointLength(value) <= PASSWORD_MAX, tooLong)

/** A password a person chooses for themself (change-password screen, reset link). */
export const PasswordSchema = passwordField({
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password too long',
})

/** A temporary password an admin gives a new learner. */
export const TemporaryPasswordSchema = passwordField({
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password must be less than 128 characters',
})

export const FullNameSchema = z
  .string({ error: 'Name must be less than 100 characters' })
  .trim()
  .refine((value) => codePointLength(value) <= FULL_NAME_MAX, 'Name must be less than 100 characters')

export const RoleSchema = z.enum(['user', 'admin'], { error: 'Role must be user or admin' })
export type Role = z.infer<typeof RoleSchema>
