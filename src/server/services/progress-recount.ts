import { and, eq, sql } from 'drizzle-orm'
import { newCertificateId, recipientName } from '../certificates/certificate'
import type { Tx } from '../db/client'
import { certificate, moduleProgress, user } from '../db/schema'
import { AppError } from '../errors'
import { SIGN_IN_MESSAGE } from '../../shared/messages'

// The locks that keep a learner's progress writes and a publish's recount apart, and the recount.

/**
 * Every write of progress rows takes the table's write lock before it locks the learner's row. A
 * publish takes the table in share mode and then updates learners' rows (`recountForCourse`):
 * in the other order, a write holding a learner's row and a publish holding the table would each
 * wait for the other.
 */
const lockProgressForWriting = (tx: Tx) => tx.execute(sql`lock table ${moduleProgress} in row exclusive mode`)

/** The learner's row, locked: every progress write of theirs waits for the one before it. */
export async function lockLearner(tx: Tx, userId: string) {
  await lockProgressForWriting(tx)
  const locked = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update')
  // Signed in a moment ago, deleted since: the session is gone too.
  if (locked.length === 0) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
}

/**
 * Progress writes wait until the transaction ends (and it waits for those under way): a publish
 * takes this first, so no write counts against the old course after it.
 */
export const holdProgressWrites = (tx: Tx) => tx.execute(sql`lock table ${moduleProgress} in share mode`)

/**
 * A publish's part (src/server/course/publish.ts), in its transaction, after `holdProgressWrites`:
 * every user's module count against the new course's modules, and a certificate, dated now, for
 * everyone the change completes (a module they had not done was taken out, say). Only the users
 * whose count changes are written.
 */
export async function recountForCourse(tx: Tx, moduleIds: readonly string[], now: Date): Promise<void> {
  await holdProgressWrites(tx)
  await tx.execute(sql`
    with live (module_id) as (select jsonb_array_elements_text(${JSON.stringify(moduleIds)}::jsonb)),
    counted as (
      select ${user}.id, count(${moduleProgress}.module_id)::smallint as completed
      from ${user} left join ${moduleProgress}
        on ${moduleProgress}.user_id = ${user}.id and ${moduleProgress}.module_id in (select module_id from live)
      group by ${user}.id
    )
    update ${user} set completed_modules = counted.completed
    from counted where ${user}.id = counted.id and ${user}.completed_modules <> counted.completed`)
  const completers = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      and(
        eq(user.completedModules, moduleIds.length),
        // Spelled out: in a one-table subquery drizzle would leave the table off "user"."id".
        sql`not exists (select 1 from ${certificate} as "c" where "c"."user_id" = "user"."id")`,
      ),
    )
  if (completers.length === 0) return
  await tx
    .insert(certificate)
    .values(
      completers.map((learner) => ({
        id: newCertificateId(),
        userId: learner.id,
        recipientName: recipientName(learner),
        completedAt: now,
        issuedAt: now,
        moduleCount: moduleIds.length,
      })),
    )
    .onConflictDoNothing()
}
