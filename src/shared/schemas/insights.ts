import { z } from 'zod'
import { DAY_MS } from '../durations'
import { PageParamSchema } from './admin'

/** How a learner's account was made, as the Insights filter it: "admin" covers the CLI and the first start too. */
export const INSIGHTS_SOURCES = ['all', 'webhook', 'import', 'admin'] as const
export type InsightsSource = (typeof INSIGHTS_SOURCES)[number]

/** A chosen range spans at most this many days: the weekly chart stays readable, and the queries bounded. */
export const INSIGHTS_MAX_RANGE_DAYS = 732
/** Without a range, the weekly chart shows this many weeks up to today. */
export const INSIGHTS_DEFAULT_WEEKS = 12
export const STALLED_DAYS = 14
export const STALLED_PAGE_SIZE = 20

const DateParamSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'That date does not exist')

const filterShape = {
  from: DateParamSchema.optional(),
  to: DateParamSchema.optional(),
  source: z.enum(INSIGHTS_SOURCES, { error: 'source must be all, webhook, import or admin' }).default('all'),
}

type FilterShape = { from?: string; to?: string }

const rangeRules = <T extends z.ZodType<FilterShape>>(schema: T) =>
  schema
    .refine((filter) => (filter.from === undefined) === (filter.to === undefined), 'Give both dates of the range, or neither')
    .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, 'The range must start on or before its end')
    .refine(
      (filter) => !filter.from || !filter.to || (Date.parse(filter.to) - Date.parse(filter.from)) / DAY_MS < INSIGHTS_MAX_RANGE_DAYS,
      'Choose a range of at most two years',
    )

/** `GET /api/admin/insights/{funnel,activity,checks,video}?from=&to=&source=`: both dates (inclusive, UTC) or neither. */
export const InsightsQuerySchema = rangeRules(z.object(filterShape))
export type InsightsQuery = z.output<typeof InsightsQuerySchema>

/** `GET /api/admin/insights/stalled?…&page=`. */
export const StalledQuerySchema = rangeRules(z.object({ ...filterShape, page: PageParamSchema }))
export type StalledQuery = z.output<typeof StalledQuerySchema>
