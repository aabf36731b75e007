// zod/mini: these schemas run in the sign-in page too, and the mini build is a fraction of classic
// zod's size (docs/performance.md, figure 6). Classic zod composes them like its own
// (z.optional(EmailSchema)).
import { z } from 'zod/mini'

/** Length as a person counts it: code points, so an emoji or an accented letter counts once. */
export const codePointLength = (value: string): number => Array.from(value).length

/** An unpaired UTF-16 surrogate: half a character, which no keyboard types and UTF-8 cannot hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Text the database can store as it was sent: PostgreSQL refuses NUL in text (the request would
 * fail with a 500), and an unpaired surrogate would be stored as U+FFFD, not as sent.
 */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value)

/** Untrusted text made storable, for a record of what was refused: NUL dropped, half characters marked. */
export const toStorableText = (value: string): string =>
  value.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD')

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 255
export const FULL_NAME_MAX = 100

type EmailMessages = { invalid: string; tooLong: string }

const emailField = ({ invalid, tooLong }: EmailMessages) =>
  z.pipe(
    z.string({ error: invalid }).check(z.trim(), z.maxLength(EMAIL_MAX, tooLong)),
    z.email(invalid).check(z.toLowerCase()),
  )

/** The e-mail a person signs in with (sign-in and reset forms). */
export const EmailSchema = emailField({ invalid: 'Invalid email format', tooLong: 'Email too long' })

/** The e-mail an admin gives a new or edited learner. */
export const AccountEmailSchema = emailField({
  invalid: 'Invalid email format',
  tooLong: 'Email must be less than 255 characters',
})

/** The server checks a chosen password against a list of common ones (services/passwords). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another one.'

/** Signing in with a temporary password older than TEMP_PASSWORD_TTL_DAYS. */
export const TEMPORARY_PASSWORD_EXPIRED_MESSAGE =
  'Your temporary password has expired. Please ask your administrator for a new one.'

type PasswordMessages = { tooShort: string; tooLong: string }

export const PASSWORD_CHARACTERS_MESSAGE = 'Password contains a character that cannot be used'

const passwordField = ({ tooShort, tooLong }: PasswordMessages) =>
  z.string({ error: tooShort }).check(
    z.refine((value) => codePointLength(value) >= PASSWORD_MIN, tooShort),
    z.refine((value) => codePointLength(value) <= PASSWORD_MAX, tooLong),
    // Two different unpaired surrogates would hash alike (both become U+FFFD in UTF-8).
    z.refine(isStorableText, PASSWORD_CHARACTERS_MESSAGE),
  )

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

export const FULL_NAME_CHARACTERS_MESSAGE = 'Name contains a character that cannot be used'

export const FullNameSchema = z.string({ error: 'Name must be less than 100 characters' }).check(
  z.trim(),
  z.refine((value) => codePointLength(value) <= FULL_NAME_MAX, 'Name must be less than 100 characters'),
  z.refine(isStorableText, FULL_NAME_CHARACTERS_MESSAGE),
)

export const RoleSchema = z.enum(['user', 'admin'], { error: 'Role must be user or admin' })
export type Role = z.infer<typeof RoleSchema>
