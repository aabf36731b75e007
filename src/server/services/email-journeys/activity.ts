import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client'

/**
 * What counts as a learner being active (docs/decisions/0089-email-journeys.md): signing in or
 * changing progress (the user's last activity), watching a video, taking a knowledge check, or a
 * completed module; an account nobody has used yet counts from when it was made.
 *
 * Each table's latest is one grouped pass joined on, not a `max()` per learner: for that, the
 * planner read `lesson_watch` backwards by its `updated_at` index until the learner's row came
 * (the whole index for one who never watched), and the journeys' scan over 24,000 learners ran
 * for minutes, on PGlite on the server's own thread
 * (docs/decisions/0105-journeys-scan-in-one-pass-and-jobs-in-slices.md).
 */
const latestActivity = sql`
  left join (select "user_id", max("updated_at") as "at" from "lesson_watch" group by "user_id") as "watched" on "watched"."user_id" = "user"."id"
  left join (select "user_id", max("created_at") as "at" from "quiz_attempt" group by "user_id") as "checked" on "checked"."user_id" = "user"."id"
  left join (select "user_id", max("completed_at") as "at" from "module_progress" group by "user_id") as "completed" on "completed"."user_id" = "user"."id"`
const activeAt = sql`greatest("user"."created_at", "user"."last_activity_at", "watched"."at", "checked"."at", "completed"."at")`


export async function lastActivityOf(db: Db, userId: string): Promise<Date> {
  const result = await db.execute(sql`select ${activeAt} as "activeAt" from "user" ${latestActivity} where "user"."id" = ${userId}`)
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
      from "user" ${latestActivity}
      where "user"."role" = 'user' and not "user"."banned"
        and not exists (select 1 from "certificate" where "certificate"."user_id" = "user"."id")
        ${optOut}
    ) as "learners"
    where "activeAt" <= ${before}
    order by "activeAt", "id"`)
  return rowsOf<InactiveLearner & { activeAt: string | Date }>(result).map((row) => ({ ...row, activeAt: new Date(row.activeAt) }))
}
