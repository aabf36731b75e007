import type { Auth } from './auth/auth'
import type { Guards } from './auth/guards'
import type { CourseStore } from './course/course-store'
import type { Db } from './db/client'
import type { Env } from './env'
import type { Mailer } from './mail/mailer'
import type { PoolStats } from './observability/metrics'
import type { MediaStorage } from './media/storage'
import type { CoursePageRenderer } from './pages/signed-in-pages'
import type { PublicPageRenderer } from './pages/public-pages'

/** What `createApp` is given: the server and the tests each open these their own way. */
export type AppOptions = {
  env: Env
  db: Db
  auth: Auth
  mailer: Mailer
  authSecret: string
  /** The published course in memory: what learners are served (src/server/course/course-store.ts). */
  courseStore: CourseStore
  /** The built client to serve; omitted in API tests. */
  clientDir?: string
  /** Renders the signed-in screens with the learner's data (src/server/pages); without it they get the app shell. */
  renderCoursePage?: CoursePageRenderer
  /** Renders the Welcome and sales pages from the published course; without it they get the app shell. */
  renderPublicPage?: PublicPageRenderer
  /** The PostgreSQL pool's counters, for the metrics (none on PGlite: one connection, in process). */
  poolStats?: () => PoolStats
  /** Where uploaded media is kept; without it, what the environment names (media/open-storage.ts). */
  mediaStorage?: MediaStorage
  /** True once SIGTERM has come and the process is finishing its requests: readiness then answers 503. */
  isDraining?: () => boolean
}

/** What every route module is handed: the options, and the guards made from them once. */
export type AppDeps = AppOptions & { guards: Guards; mediaStorage: MediaStorage }
