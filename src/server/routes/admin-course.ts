import { Hono, type Context } from 'hono'
import {
  ModuleIdParamSchema,
  ModuleOrderSchema,
  NewModuleSchema,
  PreviewModuleSchema,
  PublishSchema,
  SaveModuleSchema,
  VersionParamSchema,
  VersionsQuerySchema,
} from '../../shared/schemas/course'
import type { AuthedEnv } from '../auth/guards'
import {
  addDraftModule,
  previewDraftModule,
  readDraftCourse,
  readDraftModule,
  removeDraftModule,
  reorderDraft,
  restoreDraftModule,
  restoreVersionToDraft,
  saveDraftModule,
} from '../services/course-draft'
import { listVersions } from '../course/course-versions'
import { publishDraft } from '../course/publish'
import type { AppDeps } from '../deps'
import { questionStats } from '../services/question-stats'
import { auditContextOf } from '../middleware/audit-context'
import { ABANDONED_UPLOAD_MS } from '../media/storage'
import { checkLessonMedia, deleteUnreferencedMedia } from '../services/media'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The course studio's API: the draft, its preview, publishing, and the version history. Admin
 * only, on every route (docs/decisions/0008-server-enforcement.md); what each does and why:
 * docs/decisions/0035-course-content-in-the-database.md.
 */
export function createAdminCourseRoutes({ db, env, guards, courseStore, mediaStorage }: AppDeps): ApiRoutes {
  const moduleId = validate('param', ModuleIdParamSchema)
  const audit = (c: Context<AuthedEnv>) => auditContextOf(c, env.trustProxy, c.var.user)
  /** A change that may have dropped a lesson's video deletes the files nothing names any more (services/media.ts). */
  const releaseMedia = async <T>(changed: T): Promise<T> => {
    await deleteUnreferencedMedia(db, mediaStorage, new Date(Date.now() - ABANDONED_UPLOAD_MS))
    return changed
  }
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/', async (c) => c.json(await readDraftCourse(db)))
    .get('/questions', async (c) => c.json(await questionStats(db, courseStore.current())))
    .post('/modules', validate('json', NewModuleSchema), async (c) =>
      c.json(await addDraftModule(db, c.var.user, c.req.valid('json').title), 201),
    )
    .get('/modules/:moduleId', moduleId, async (c) => c.json(await readDraftModule(db, c.req.valid('param').moduleId)))
    .put('/modules/:moduleId', moduleId, validate('json', SaveModuleSchema), async (c) => {
      await checkLessonMedia(db, c.req.valid('json').module)
      return c.json(await releaseMedia(await saveDraftModule(db, c.var.user, c.req.valid('param').moduleId, c.req.valid('json'))))
    })
    .delete('/modules/:moduleId', moduleId, async (c) =>
      c.json(await removeDraftModule(db, c.var.user, c.req.valid('param').moduleId)),
    )
    .post('/modules/:moduleId/restore', moduleId, async (c) =>
      c.json(await restoreDraftModule(db, c.var.user, c.req.valid('param').moduleId)),
    )
    .put('/order', validate('json', ModuleOrderSchema), async (c) => c.json(await reorderDraft(db, c.req.valid('json').moduleIds)))
    .post('/preview', validate('json', PreviewModuleSchema), async (c) => {
      const { moduleId: id, module } = c.req.valid('json')
      return c.json(await previewDraftModule(db, id, module))
    })
    .post('/publish', validate('json', PublishSchema), async (c) =>
      c.json(await publishDraft(db, courseStore, c.var.user, c.req.valid('json').note, audit(c))),
    )
    .get('/versions', validate('query', VersionsQuerySchema), async (c) => c.json(await listVersions(db, c.req.valid('query').page)))
    .post('/versions/:version/restore', validate('param', VersionParamSchema), async (c) =>
      c.json(await releaseMedia(await restoreVersionToDraft(db, c.var.user, c.req.valid('param').version, audit(c)))),
    )
  return { path: '/api/admin/course', routes }
}
