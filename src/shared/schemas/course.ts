import { z } from 'zod'
import { ModuleContentSchema, ModuleIdSchema, plainText } from '../course/schema'
import { PageParamSchema } from './admin'

// The inputs of the admin's course API (/api/admin/course); the editor's form uses the same schemas.

/** `POST /api/admin/course/modules`: a new module starts from its title. */
export const NewModuleSchema = z.strictObject({ title: plainText('Title', 120) })

/** `PUT /api/admin/course/modules/:moduleId`: the whole module, and the revision the editor loaded. */
export const SaveModuleSchema = z.strictObject({
  baseRevision: z
    .number({ error: 'baseRevision must be the revision the module was loaded at' })
    .int('baseRevision must be the revision the module was loaded at')
    .min(1, 'baseRevision must be the revision the module was loaded at'),
  module: ModuleContentSchema,
})
export type SaveModuleInput = z.output<typeof SaveModuleSchema>

/** `PUT /api/admin/course/order`: every module of the draft that is not removed, in the new order. */
export const ModuleOrderSchema = z.strictObject({
  moduleIds: z
    .array(ModuleIdSchema, { error: 'moduleIds must be a list of module ids' })
    .min(1, 'moduleIds must name at least one module')
    .max(200, 'moduleIds names too many modules')
    .refine((ids) => new Set(ids).size === ids.length, 'moduleIds names a module twice'),
})

/** `POST /api/admin/course/preview`: a module as the editor holds it, shown where `moduleId` sits in the draft. */
export const PreviewModuleSchema = z.strictObject({ moduleId: ModuleIdSchema, module: ModuleContentSchema })

/** `POST /api/admin/course/publish`: the one-line note the version history shows. */
export const PublishSchema = z.strictObject({ note: plainText('Note', 200) })

export const ModuleIdParamSchema = z.object({ moduleId: ModuleIdSchema })

export const VersionParamSchema = z.object({
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Version must be a whole number from 1')
    .transform(Number),
})

export const COURSE_VERSIONS_PAGE_SIZE = 50

/** `GET /api/admin/course/versions?page=`. */
export const VersionsQuerySchema = z.object({ page: PageParamSchema })
