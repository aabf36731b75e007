import type { PageInfo } from '../paging'
import type { ModuleContent } from './schema'

// The admin's side of the course API, under /api/admin/course (docs/decisions/0035-course-content-in-the-database.md).

/**
 * A draft module compared with the published course: `published` (the same), `changed` (edited
 * since), `new` (not published yet), `removed` (taken out of the draft; learners see it until the
 * next publish).
 */
export type DraftModuleStatus = 'published' | 'changed' | 'new' | 'removed'

/** One module of the draft, as the Course section lists it. */
export type DraftModuleSummary = {
  id: string
  title: string
  /** Its place in the draft's order, 1-based; removed modules come after the others. */
  position: number
  status: DraftModuleStatus
  /** Goes up by one with every change to the module; a save names the revision it was based on. */
  revision: number
  updatedAt: string
  updatedByName: string
}

/** `GET /api/admin/course` and the answer to every change of the module list. */
export type DraftCourse = {
  liveVersion: number
  livePublishedAt: string
  /** Whether publishing now would change what learners see (content or order). */
  hasChanges: boolean
  modules: DraftModuleSummary[]
}

/** `GET`/`PUT /api/admin/course/modules/:moduleId` and `POST /api/admin/course/modules`: one draft module, for the editor. */
export type DraftModule = DraftModuleSummary & { module: ModuleContent }

/** `POST /api/admin/course/publish`. */
export type PublishedVersion = { version: number; publishedAt: string }

/** One published version, as the version history lists it. */
export type CourseVersionSummary = {
  version: number
  note: string
  publishedAt: string
  /** The admin's name (or e-mail) when they published; 'Seed' for the course the first migration installed. */
  publishedByName: string
  /** The earlier version this one republished unchanged (a restore, then a publish), if it is one. */
  restoredFrom: number | null
  moduleCount: number
  isLive: boolean
}

/** `GET /api/admin/course/versions?page=`: newest first. */
export type CourseVersionPage = PageInfo & { versions: CourseVersionSummary[] }

/** One question of the published course's knowledge checks, as learners first answered it. */
export type QuestionStat = {
  id: string
  prompt: string
  /** Learners who have answered it. */
  answeredBy: number
  /** Of those, the ones whose first answer to it was right. */
  rightFirstTime: number
  /** rightFirstTime of answeredBy, rounded; null before anyone answered. */
  rightFirstTimePercent: number | null
}

/** `GET /api/admin/course/questions`: each module with a knowledge check, in course order, and its questions. */
export type QuestionStats = {
  version: number
  modules: { id: string; moduleNumber: number; title: string; questions: QuestionStat[] }[]
}
