import { expect, it } from 'vitest'
import { EVERYTHING, PROGRESS, SESSIONS } from './coherent-cache'
import { kindsWrittenBy } from './tracked-pglite'

it('places each kind of statement the portal, Better Auth and the migrations send', () => {
  const cases: [string, number][] = [
    ['select "id" from "session" inner join "user" on "user"."id" = "session"."user_id" where "token" = $1', 0],
    ['(select 1) union (select 2)', 0],
    ['with live as (select module_ids from "course_version") select * from "user", live', 0],
    ['select "id" from "user" where "id" = $1 for update', 0],
    ['lock table "module_progress" in row exclusive mode', 0],
    ['BEGIN', 0],
    ['savepoint sp1', 0],
    ['CHECKPOINT', 0],
    ['insert into "session" ("id", "token", "user_id") values ($1, $2, $3)', SESSIONS],
    ['update "session" set "expires_at" = now() where "session"."id" = $1', SESSIONS],
    ['delete from "session" where "session"."user_id" = $1', SESSIONS],
    // A user row is read with every session, and deleting one cascades to sessions and progress.
    ['update "user" set "role" = $1 where "user"."id" = $2', EVERYTHING],
    ['DELETE FROM "user" WHERE "user"."id" = $1', EVERYTHING],
    ['delete from "module_progress" where "module_progress"."user_id" = $1', PROGRESS],
    ['with written as (insert into "module_progress" (user_id) values ($1) returning module_id) select * from written', PROGRESS],
    ['insert into "audit_log" ("id", "action", "actor_user_id") values ($1, $2, $3)', 0],
    ['insert into "lesson_watch" ("user_id", "lesson_id") values ($1, $2) on conflict do update set "seconds" = $3', 0],
    // What it cannot place changes everything.
    ['truncate "lesson_watch"', EVERYTHING],
    ['ALTER TABLE "user" ADD COLUMN "x" text', EVERYTHING],
    ['create index on "certificate" ("user_id")', EVERYTHING],
    ['do $$ begin perform 1; end $$', EVERYTHING],
  ]
  for (const [statement, kinds] of cases) expect([statement, kindsWrittenBy(statement)]).toEqual([statement, kinds])
})
