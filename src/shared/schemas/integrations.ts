import { z } from 'zod'
import { PageParamSchema } from './admin'
import { AccountEmailSchema, FullNameSchema, isStorableText } from './fields'

export const PURCHASE_EVENTS = ['purchase.completed', 'purchase.refunded'] as const

const ORDER_ID_MAX = 200

/**
 * The purchase webhook's body (docs/integrations.md). Other fields a marketplace adds are
 * ignored; the e-mail and name follow the Create New User form's rules.
 */
export const PurchaseWebhookSchema = z.object({
  event: z.enum(PURCHASE_EVENTS, { error: 'event must be purchase.completed or purchase.refunded' }),
  orderId: z
    .union([z.string(), z.number().int().nonnegative()], { error: 'orderId is required' })
    .transform((id) => String(id).trim())
    .pipe(
      z
        .string()
        .min(1, 'orderId is required')
        .max(ORDER_ID_MAX, `orderId must be at most ${ORDER_ID_MAX} characters`)
        .refine(isStorableText, 'orderId contains a character that cannot be used'),
    ),
  email: AccountEmailSchema,
  fullName: z.nullish(FullNameSchema).transform((name) => name || undefined),
})
export type PurchaseWebhookInput = z.output<typeof PurchaseWebhookSchema>

/** `GET /api/admin/integrations/purchases?page=`. */
export const DeliveriesQuerySchema = z.object({ page: PageParamSchema })
