import { z } from 'zod'
import { AUDIT_ACTIONS } from '../audit'
import { PageParamSchema } from './admin'
import { EMAIL_MAX, isStorableText } from './fields'

export const AUDIT_PAGE_SIZE = 50

const SearchTermSchema = (name: string) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX, `${name} must be less than ${EMAIL_MAX} characters`)
    .refine(isStorableText, `${name} contains a character that cannot be used`)
    .default('')

const InstantSchema = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` }).optional()

/**
 * The Activity filters: a term anywhere in the actor's or the target's e-mail, one action, and a
 * time range (the client turns the viewer's local dates into instants).
 */
const activityFilters = {
  actor: SearchTermSchema('Actor'),
  target: SearchTermSchema('Target'),
  action: z.enum(['all', ...AUDIT_ACTIONS], { error: 'Choose an action from the list' }).default('all'),
  from: InstantSchema('From'),
  to: InstantSchema('To'),
}

const isOrdered = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to)
const ORDER_MESSAGE = { message: 'The start date must be on or before the end date', path: ['to'] }

/** `GET /api/admin/activity.csv`: every matching entry, not one page. */
export const ActivityExportQuerySchema = z.object(activityFilters).refine(isOrdered, ORDER_MESSAGE)
export type ActivityFilter = z.output<typeof ActivityExportQuerySchema>

/** `GET /api/admin/activity`: the filters and a 1-based page. */
export const ActivityQuerySchema = z.object({ ...activityFilters, page: PageParamSchema }).refine(isOrdered, ORDER_MESSAGE)
export type ActivityQuery = z.output<typeof ActivityQuerySchema>
