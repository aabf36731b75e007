import { z } from 'zod'

/** The longest validity the owner can give: ten years. */
export const MAX_VALID_MONTHS = 120

export const VALID_MONTHS_MESSAGE = `Enter a whole number of months from 1 to ${MAX_VALID_MONTHS}, or leave it empty`

/** `PUT /api/admin/certificate-policy`: months a certificate is valid; null, it never expires. */
export const CertificatePolicySchema = z.strictObject({
  validMonths: z.number({ error: VALID_MONTHS_MESSAGE }).int(VALID_MONTHS_MESSAGE).min(1, VALID_MONTHS_MESSAGE).max(MAX_VALID_MONTHS, VALID_MONTHS_MESSAGE).nullable(),
})
export type CertificatePolicyInput = z.output<typeof CertificatePolicySchema>
