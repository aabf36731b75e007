import { Hono, type Context } from 'hono'
import {
  ChangeRoleSchema,
  CreateUserSchema,
  ListUsersQuerySchema,
  UpdateUserDetailsSchema,
  UserIdParamSchema,
} from '../../shared/schemas/admin'
import { ScheduleLiftSchema } from '../../shared/schemas/course-schedule'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import {
  changeUserRole,
  createUserAsAdmin,
  deleteUser,
  resetUserTwoFactor,
  updateUserDetails,
} from '../services/admin-users'
import { listUsers } from '../services/admin-user-list'
import { resetLearnerCourse } from '../services/course-reset'
import { setScheduleLifted } from '../services/course-schedule'
import { endUserSessions } from '../services/sessions'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** User management: every route is admin-only, checked here on every request (docs/decisions/0008-server-enforcement.md). */
export function createAdminUserRoutes({ db, mailer, env, guards, courseStore }: AppDeps): ApiRoutes {
  const userId = validate('param', UserIdParamSchema)
  const audit = (c: Context<AuthedEnv>) => auditContextOf(c, env.trustProxy, c.var.user)
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/', validate('query', ListUsersQuerySchema), async (c) =>
      c.json(await listUsers(db, c.req.valid('query'), courseStore.current().learnerCatalog.modules.length)),
    )
    .post('/', validate('json', CreateUserSchema), async (c) =>
      c.json(await createUserAsAdmin({ db, mailer, env }, c.req.valid('json'), audit(c)), 201),
    )
    .patch('/:id', userId, validate('json', UpdateUserDetailsSchema), async (c) =>
      c.json(await updateUserDetails(db, c.req.valid('param').id, c.req.valid('json'), audit(c))),
    )
    .put('/:id/role', userId, validate('json', ChangeRoleSchema), async (c) =>
      c.json(await changeUserRole(db, c.req.valid('param').id, c.req.valid('json').role, audit(c))),
    )
    .delete('/:id', userId, async (c) => {
      await deleteUser(db, c.var.user.id, c.req.valid('param').id, audit(c))
      return c.body(null, 204)
    })
    // A user who lost their authenticator and their recovery codes signs in with the password
    // alone until they set it up again (services/two-factor.ts).
    .delete('/:id/two-factor', userId, async (c) =>
      c.json(await resetUserTwoFactor(db, c.var.user.id, c.req.valid('param').id, audit(c))),
    )
    // Every module open for this learner, whatever the course's schedule (docs/decisions/0090-course-schedule.md).
    .put('/:id/schedule', userId, validate('json', ScheduleLiftSchema), async (c) =>
      c.json(await setScheduleLifted(db, c.req.valid('param').id, c.req.valid('json').isLifted, audit(c))),
    )
    // The course from nothing, the certificate revoked (docs/decisions/0095-admin-course-reset.md).
    .post('/:id/course-reset', userId, async (c) => c.json(await resetLearnerCourse(db, c.req.valid('param').id, audit(c))))
    // Signs the user out everywhere (docs/decisions/0085-session-list.md).
    .delete('/:id/sessions', userId, async (c) =>
      c.json(await endUserSessions(db, c.var.user.id, c.req.valid('param').id, audit(c))),
    )
  return { path: '/api/admin/users', routes }
}
