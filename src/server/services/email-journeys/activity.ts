import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * What counts as a learner being active (docs/decisions/0089-email-journeys.md): signing in or
 * changing progress (the user's last activity), watching a video, taking a knowledge check, or a
 * completed module; an account nobody has used yet counts from when it was made.
 */
const activeAt = sql`greatest(
  "user"."created_at",
  "user"."last_activity_at",
  (select max("updated_at") from "lesson_watch" where "lesson_watch"."user_id" = "user"."id"),
  (select max("created_at") from "quiz_attempt" where "quiz_attempt"."user_id" = "user"."id"),
  (select max("completed_at") from "module_progress" where "module_progress"."user_id" = "user"."id")
)`

const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[]

export async function lastActivityOf(db: Db, userId: string): Promise<Date> {
  const result = await db.execute(sql`select ${activeAt} as "activeAt" from "user" where "user"."id" = ${userId}`)
  const [row] = rowsOf<{ activeAt: string | Date }>(result)
  return row ? new Date(row.activeAt) : new Date(0)
}

export type InactiveLearner = { id: string; email: string; name: string; activeAt: Date }

/**
 * Learners without a certificate, not disabled, last active at or before `before`, longest
 * inactive first. With `withoutOptOut`, those who turned that kind of e-mail off are left out.
 */
export async function stalledSince(db: Db, before: Date, withoutOptOut?: string): Promise<InactiveLearner[]> {
  const optOut = withoutOptOut
    ? sql`and not exists (select 1 from "email_opt_out" where "email_opt_out"."user_id" = "user"."id" and "email_opt_out"."kind" = ${withoutOptOut})`
    : sql``
  const result = await db.execute(sql`
    select * from (
      select "user"."id", "user"."email", "user"."name", ${activeAt} as "activeAt"
      from "user"
      where "user"."role" = 'user' and not "user"."banned"
        and not exists (select 1 from "certificate" where "certificate"."user_id" = "user"."id")
        ${optOut}
    ) as "learners"
    where "activeAt" <= ${before}
    order by "activeAt", "id"`)
  return rowsOf<InactiveLearner & { activeAt: string | Date }>(result).map((row) => ({ ...row, activeAt: new Date(row.activeAt) }))
}
