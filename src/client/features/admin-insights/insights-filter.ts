import { INSIGHTS_SOURCES, type InsightsSource } from '../../../shared/schemas/insights'
import type { FilterParam } from '../../lib/use-list-params'

/** The ranges the owner picks from; "custom" takes the two dates typed. */
export const RANGES = [
  { value: 'all', label: 'All time' },
  { value: '30d', label: 'Last 30 days' },
  { value: '12w', label: 'Last 12 weeks' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom range' },
] as const
export type RangeChoice = (typeof RANGES)[number]['value']

export const SOURCE_LABELS: Record<InsightsSource, string> = {
  all: 'Every source',
  webhook: 'Marketplace purchase',
  import: 'Bulk import',
  admin: 'Created by an admin',
}

export type InsightsFilter = { range: RangeChoice; from: string; to: string; source: InsightsSource }

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** The Insights' filters as they live in the URL, so a reload or a shared link shows the same charts. */
export const INSIGHTS_FILTERS: { [K in keyof InsightsFilter]: FilterParam<InsightsFilter[K]> } = {
  range: { read: (value) => RANGES.find((range) => range.value === value)?.value ?? 'all', none: 'all' },
  from: { read: (value) => (isDay(value) ? value : ''), none: '' },
  to: { read: (value) => (isDay(value) ? value : ''), none: '' },
  source: { read: (value) => INSIGHTS_SOURCES.find((source) => source === value) ?? 'all', none: 'all' },
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** The dates a range choice stands for today, both inclusive; null for all time (or a custom range not yet complete). */
export function datesOf(filter: InsightsFilter, today = new Date()): { from: string; to: string } | null {
  if (filter.range === 'all') return null
  if (filter.range === 'custom') return filter.from && filter.to ? { from: filter.from, to: filter.to } : null
  const from = new Date(today)
  if (filter.range === '30d') from.setUTCDate(from.getUTCDate() - 29)
  if (filter.range === '12w') from.setUTCDate(from.getUTCDate() - 12 * 7 + 1)
  if (filter.range === '12m') from.setUTCFullYear(from.getUTCFullYear() - 1, from.getUTCMonth(), from.getUTCDate() + 1)
  return { from: dayOf(from), to: dayOf(today) }
}

/** The API's query string for the filter (and a page of the stalled learners). */
export function insightsQuery(filter: InsightsFilter, page?: number): string {
  const params = new URLSearchParams()
  const dates = datesOf(filter)
  if (dates) {
    params.set('from', dates.from)
    params.set('to', dates.to)
  }
  if (filter.source !== 'all') params.set('source', filter.source)
  if (page && page > 1) params.set('page', String(page))
  return params.size > 0 ? `?${params}` : ''
}
