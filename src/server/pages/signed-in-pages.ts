import fs from 'node:fs'
import type { Context, Hono, Next } from 'hono'
import type { CoursePageData } from '../../client/entry-server'
import { dashboardShowsCompletion, mustLandElsewhereFirst } from '../../shared/landing'
import { isKnownRoute } from '../../shared/known-routes'
import { MODULE_ROUTE, paths } from '../../shared/paths'
import { serverRenderedRoutes, type ServerRenderedRoute } from '../../shared/server-rendered'
import type { SiteConfig } from '../../shared/site-config'
import type { Guards } from '../auth/guards'
import type { CourseStore } from '../course/course-store'
import { learnerOptionIds } from '../course/learner-option-ids'
import type { Db } from '../db/client'
import { requestHeader } from '../node-http'
import { logger } from '../observability/logger'
import { toProfile } from '../services/profile'
import { getKnowledgeCheckState, listKnowledgeCheckSummaries } from '../services/knowledge-checks'
import { learnerSchedule, moduleLockFor } from '../services/module-schedule'
import { getProgress } from '../services/progress-read'
import { gzipWithFixedStart } from './gzip-with-fixed-start'
import type { PublicPageRenderer } from './public-pages'

export type CoursePageRenderer = {
  /** A signed-in screen as a whole HTML page, rendered with the learner's data. */
  render: (route: ServerRenderedRoute, url: string, data: CoursePageData) => string
  /** What every page of the route begins with, whoever it is for: its template's head and stylesheet. */
  fixedStart: (route: ServerRenderedRoute) => string
}

/** dist/course-pages.json, written by scripts/prerender.tsx: the templates of the pages the server renders. */
type PageTemplates = {
  site: SiteConfig
  pages: Record<ServerRenderedRoute, string>
  /** The Welcome and sales pages, by route. */
  publicPages: Record<string, string>
}

/**
 * The client's own screens, rendered here: loaded once at start, with the templates and the site
 * config of the build, so the HTML is what the browser's bundle hydrates. None if the build has no
 * templates.
 */
export async function loadPageRenderers(
  templatesFile: string,
): Promise<{ renderCoursePage: CoursePageRenderer; renderPublicPage: PublicPageRenderer } | undefined> {
  if (!fs.existsSync(templatesFile)) return undefined
  const { site, pages, publicPages } = JSON.parse(fs.readFileSync(templatesFile, 'utf8')) as PageTemplates
  // The client's modules read the config vite bakes into the bundle as this global (vite.config.ts).
  Object.assign(globalThis, { __SITE_CONFIG__: site })
  const client = await import('../../client/entry-server')
  await client.loadServerRenderedScreens()
  return {
    renderCoursePage: {
      render: (route, url, data) => client.renderCoursePage(pages[route], url, data),
      fixedStart: (route) => client.templateStart(pages[route]),
    },
    renderPublicPage: {
      routes: Object.keys(publicPages),
      render: (route, facts) => client.renderPublicPage(publicPages[route]!, route, facts),
    },
  }
}

/**
 * Compressed for this request: a page of a learner's own, made for them, cannot be made ahead, but
 * its beginning can (docs/decisions/0077-course-pages-gzip-with-fixed-start.md).
 */
async function htmlResponse(c: Context, html: string, gzipPage: (html: string) => Promise<Buffer>) {
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }
  if (!/\bgzip\b/.test(requestHeader(c, 'accept-encoding') ?? '')) return c.body(html, 200, headers)
  return c.body(new Uint8Array(await gzipPage(html)), 200, { ...headers, 'Content-Encoding': 'gzip' })
}

/**
 * The dashboard, progress and module pages arrive with the learner's content, instead of an empty
 * shell that must fetch its scripts, then its data, before showing anything (docs/performance.md,
 * figure 6). Whoever the client's guards would send elsewhere gets the shell, and the guards do:
 * a visitor without a session (the sign-in page brings them back), one who must replace a
 * temporary password, an admin who must set up two-factor sign-in, and the dashboard of a finished course (the completion page, unless the
 * learner came from it, which only the browser knows).
 */
export function serveSignedInPages(
  app: Hono,
  { db, guards, courseStore, authSecret }: { db: Db; guards: Guards; courseStore: CourseStore; authSecret: string },
  renderer: CoursePageRenderer,
) {
  const optionIds = learnerOptionIds(authSecret)
  const serve = (route: ServerRenderedRoute) => {
    const gzipPage = gzipWithFixedStart(renderer.fixedStart(route))
    return async (c: Context, next: Next) => {
      // One version for the whole page.
      const course = courseStore.current()
      if (!isKnownRoute(c.req.path, course.learnerCatalog.modules.length)) return next()
      const user = await guards.signedInUser(c)
      // The browser's guard would send them elsewhere: its rule, asked with the server's own answers.
      if (!user || mustLandElsewhereFirst({ mustChangePassword: user.mustChangePassword, mustSetUpTwoFactor: guards.mustSetUpTwoFactor(user) })) {
        return next()
      }
      // The session's row already holds the profile: one query, for the progress.
      const profile = toProfile(user, false)
      const progress = await getProgress(db, course, user.id)
      if (route === paths.dashboard && dashboardShowsCompletion(progress, false)) return next()
      // isKnownRoute has checked the number against the course.
      // Its knowledge check as the API sends it to this learner: their own option ids (decision 0083).
      const published = route === MODULE_ROUTE ? course.learnerModules[Number(c.req.param('moduleNumber')) - 1] : undefined
      const schedule = courseStore.schedule()
      // A module the schedule keeps locked is never rendered: the shell, whose screen asks the API and shows why (decision 0090).
      if (published && (await moduleLockFor(db, course, schedule, user.id, published.id))) return next()
      const module = published && optionIds.module(user.id, published)
      // The knowledge checks' standing too, so the page hydrates without a request (decisions 0015, 0052).
      const knowledgeChecks = route === paths.dashboard ? await listKnowledgeCheckSummaries(db, course, user.id) : undefined
      const knowledgeCheck = module?.knowledgeCheck ? await getKnowledgeCheckState(db, course, optionIds, user.id, module.id) : undefined
      let html: string
      try {
        const url = new URL(c.req.url)
        html = renderer.render(route, url.pathname + url.search, {
          profile,
          progress,
          course: course.learnerCatalog,
          module,
          knowledgeChecks,
          knowledgeCheck,
          schedule: await learnerSchedule(db, schedule, user.id),
          cookie: requestHeader(c, 'cookie'),
        })
      } catch (error) {
        // The shell still works: the browser renders the screen itself. The route pattern, never the path (CONTRIBUTING.md).
        logger.error({ err: error }, `Rendering ${route} failed; serving the app shell instead`)
        return next()
      }
      return htmlResponse(c, html, gzipPage)
    }
  }
  for (const route of serverRenderedRoutes) app.get(route, serve(route))
}
