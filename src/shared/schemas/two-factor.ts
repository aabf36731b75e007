// zod/mini, like ./fields: the sign-in page loads the code step's schemas.
import { z } from 'zod/mini'

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app'
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, like abcde-12345'
const PASSWORD_REQUIRED = 'Password is required'

/** The 6 digits an authenticator app shows; spaces typed between them are dropped. */
export const TotpCodeSchema = z.string({ error: TOTP_CODE_MESSAGE }).check(
  z.overwrite((value) => value.replace(/\s+/g, '')),
  z.regex(/^\d{6}$/, TOTP_CODE_MESSAGE),
)

/**
 * A recovery code as issued: ten letters and digits, `abcde-12345`. Letters keep their case (the
 * codes are case-sensitive); spaces are dropped and the dash is optional.
 */
export const RecoveryCodeSchema = z.string({ error: RECOVERY_CODE_MESSAGE }).check(
  z.overwrite((value) => {
    const compact = value.replace(/\s+/g, '')
    return /^[A-Za-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact
  }),
  z.regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, RECOVERY_CODE_MESSAGE),
)

/** The sign-in's second step: a code from the app, and whether to skip this step here for 30 days. */
export const VerifyTotpSchema = z.object({ code: TotpCodeSchema, trustDevice: z.optional(z.boolean()) })
export type VerifyTotpInput = z.infer<typeof VerifyTotpSchema>

/** The sign-in's second step with a recovery code instead (each works once). */
export const VerifyRecoveryCodeSchema = z.object({ code: RecoveryCodeSchema, trustDevice: z.optional(z.boolean()) })
export type VerifyRecoveryCodeInput = z.infer<typeof VerifyRecoveryCodeSchema>

/** The first code from the app, which turns two-factor sign-in on. */
export const ConfirmTwoFactorSchema = z.object({ code: TotpCodeSchema })
export type ConfirmTwoFactorInput = z.infer<typeof ConfirmTwoFactorSchema>

/** Turning two-factor sign-in on or off, and new recovery codes, each ask for the password again. */
export const TwoFactorPasswordSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).check(z.minLength(1, PASSWORD_REQUIRED), z.maxLength(1024)),
})
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordSchema>
