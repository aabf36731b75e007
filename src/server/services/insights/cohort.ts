import { sql, type SQL } from 'drizzle-orm'
import type { InsightsCohort } from '../../../shared/insights'
import type { InsightsQuery, InsightsSource } from '../../../shared/schemas/insights'
import type { Db } from '../../db/client'

/** The accounts each filter value takes in: an admin's, the command line's and the first start's are all "created by an admin". */
const SOURCES: Record<Exclude<InsightsSource, 'all'>, string[]> = {
  webhook: ['webhook'],
  import: ['import'],
  admin: ['admin', 'cli', 'first start'],
}

/** The range as instants: from the first day's midnight (UTC) to the midnight after the last day. */
export function rangeOf(filter: Pick<InsightsQuery, 'from' | 'to'>): { start: Date; end: Date } | null {
  if (!filter.from || !filter.to) return null
  const start = new Date(`${filter.from}T00:00:00Z`)
  const end = new Date(`${filter.to}T00:00:00Z`)
  end.setUTCDate(end.getUTCDate() + 1)
  return { start, end }
}

/** The learners of the filter's source (all learners for "all"), as a condition on the user table aliased "u". */
export function sourceCondition(source: InsightsSource): SQL {
  const learner = sql`"u"."role" = 'user'`
  return source === 'all' ? learner : sql`${learner} and "u"."source" = any(${sql.param(SOURCES[source])}::text[])`
}

/**
 * The cohort the funnel, the knowledge checks, the video and the stalled list count: the learners
 * of the source who enrolled (their account was made) in the range, or ever without one.
 */
export function cohortCondition(filter: InsightsQuery): SQL {
  const range = rangeOf(filter)
  const bySource = sourceCondition(filter.source)
  return range
    ? sql`${bySource} and "u"."created_at" >= ${range.start.toISOString()}::timestamptz and "u"."created_at" < ${range.end.toISOString()}::timestamptz`
    : bySource
}

export const describeCohort = (filter: InsightsQuery): InsightsCohort => ({ from: filter.from ?? null, to: filter.to ?? null, source: filter.source })

/** A raw query's rows, as both drivers answer them. */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** A whole percent of `part` in `whole`, or null when there is no whole. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null)
