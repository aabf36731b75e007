import { CourseSchema, type Course } from '../../shared/course/schema'
import type { CourseSchedule } from '../../shared/course/schedule'
import type { Db } from '../db/client'
import { readLiveVersion, type CourseVersionRecord } from './course-versions'
import { readCourseSchedule, type StoredSchedule } from './course-schedule'
import { toLearnerCourse, type LearnerCourse } from './learner-view'
import { listenForPublishes, type PublishListener } from './publish-listener'
import { logger } from '../observability/logger'

/** The published version a process serves, with everything learners are sent made from it once. */
export type LiveCourse = {
  version: number
  publishedAt: Date
  /** The published document as admins wrote it, knowledge check answers included: never sent to learners as it is. */
  document: Course
  /** The table of contents learners are served (`GET /api/course`). */
  learnerCatalog: LearnerCourse['catalog']
  /** Each module page as learners are served it, answers left out (`GET /api/course/modules/:n`), in order. */
  learnerModules: LearnerCourse['modules']
  /** Each module's position in the course (its module number), by id. */
  numberById: ReadonlyMap<string, number>
}

/**
 * The live course, held in memory (docs/decisions/0035-course-content-in-the-database.md).
 * Learners' reads take `current()` once and answer from it alone, so an answer is all one
 * version; a new version replaces the whole object at once.
 */
export type CourseStore = {
  current(): LiveCourse
  /** Serves a version this process has just committed (a publish), if it is newer. */
  takeUp(record: CourseVersionRecord): LiveCourse
  /** Reads the newest version from the database and serves it, if it is newer; the schedule too. */
  reload(): Promise<LiveCourse>
  /**
   * The course's schedule, held beside the live version so no learner's request reads it
   * (docs/decisions/0090-course-schedule.md).
   */
  schedule(): CourseSchedule
  /** Takes up a schedule this process has just saved, if it is newer than the one it holds. */
  takeUpSchedule(schedule: StoredSchedule): void
  close(): Promise<void>
}

function toLiveCourse(record: CourseVersionRecord): LiveCourse {
  const parsed = CourseSchema.safeParse(record.document)
  if (!parsed.success) {
    throw new Error(`Course version ${record.version} does not pass the course schema: ${parsed.error.issues[0]?.message}`)
  }
  const course = parsed.data
  const { catalog, modules } = toLearnerCourse(record.version, course)
  return {
    version: record.version,
    publishedAt: record.publishedAt,
    document: course,
    learnerCatalog: catalog,
    learnerModules: modules,
    numberById: new Map(course.modules.map((module, index) => [module.id, index + 1])),
  }
}

type StoreOptions = {
  /**
   * PostgreSQL's address: listen there for publishes made by other processes. Without it (PGlite,
   * which one process owns) a publish in this process is the only kind there is.
   */
  listenUrl?: string
}

/** Loads the live version, then keeps it current until `close`. */
export async function openCourseStore(db: Db, { listenUrl }: StoreOptions = {}): Promise<CourseStore> {
  let live = toLiveCourse(await readLiveVersion(db))
  let schedule = await readCourseSchedule(db)
  let loading: Promise<unknown> = Promise.resolve()

  const takeUp = (record: CourseVersionRecord) => {
    // A notification can arrive after this process has already served a newer version.
    if (record.version > live.version) live = toLiveCourse(record)
    return live
  }

  // One load at a time, each after the last: a notification during a load still gets a load of its
  // own, which sees whatever committed after the first one read.
  const takeUpSchedule = (next: StoredSchedule) => {
    if (next.revision > schedule.revision) schedule = next
  }

  const reload = async () => {
    const next = loading.then(async () => {
      const [record, stored] = await Promise.all([readLiveVersion(db), readCourseSchedule(db)])
      takeUpSchedule(stored)
      return takeUp(record)
    })
    loading = next.catch((error: Error) => logger.error({ err: error }, '[course] could not load the published course'))
    return next
  }

  let listener: PublishListener | undefined
  if (listenUrl) {
    listener = listenForPublishes(listenUrl, () => void reload().catch(() => {}))
    await listener.ready
  }

  return {
    current: () => live,
    takeUp,
    reload,
    schedule: () => schedule,
    takeUpSchedule,
    async close() {
      await listener?.close()
      await loading
    },
  }
}
