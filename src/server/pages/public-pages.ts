import { courseFacts, withCourseFacts, type CourseFacts } from '../../shared/course/facts'
import type { CourseStore } from '../course/course-store'
import type { CoursePages } from '../static'

/** Renders the Welcome and sales pages (the client's own screens) from the course's facts. */
export type PublicPageRenderer = {
  routes: readonly string[]
  render(route: string, facts: CourseFacts): string
}

/**
 * What the built client's pages say about the published course: its facts in the app shell
 * (for public pages the browser renders itself), and the Welcome and sales pages rendered whole,
 * their module counts and minutes included. The static handler makes them from the live version
 * and again after each publish, in this process or, on PostgreSQL, in another
 * (docs/decisions/0014-prerendered-public-pages.md).
 */
export function publicPagesFromCourse(courseStore: CourseStore, renderer: PublicPageRenderer | undefined): CoursePages {
  const facts = () => courseFacts(courseStore.current().learnerCatalog.modules)
  const routes = renderer ? Object.fromEntries(renderer.routes.map((route) => [route, () => renderer.render(route, facts())])) : {}
  return {
    version: () => courseStore.current().version,
    shell: (built) => withCourseFacts(built, facts()),
    routes,
  }
}
