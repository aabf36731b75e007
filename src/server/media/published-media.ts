import type { Course } from '../../shared/course/schema'

const byCourse = new WeakMap<Course, ReadonlySet<string>>()
const modulesByCourse = new WeakMap<Course, ReadonlyMap<string, readonly string[]>>()

/** The modules that name each media id, for the schedule's check of a learner's request; worked out once per version. */
export function publishedMediaModules({ document: course }: { document: Course }): ReadonlyMap<string, readonly string[]> {
  let modules = modulesByCourse.get(course)
  if (!modules) {
    const byMedia = new Map<string, string[]>()
    for (const module of course.modules) {
      for (const { video } of module.lessons) {
        if (video?.provider !== 'upload') continue
        for (const id of [video.mediaId, video.posterMediaId, ...video.captions.map((track) => track.mediaId)]) {
          if (id) byMedia.set(id, [...(byMedia.get(id) ?? []), module.id])
        }
      }
    }
    modulesByCourse.set(course, (modules = byMedia))
  }
  return modules
}

/** Every media id a course names (videos, their posters, captions); worked out once per version. */
export function publishedMediaIds({ document: course }: { document: Course }): ReadonlySet<string> {
  let ids = byCourse.get(course)
  if (!ids) {
    ids = new Set(
      course.modules.flatMap((module) =>
        module.lessons.flatMap(({ video }) =>
          video?.provider === 'upload'
            ? [video.mediaId, ...(video.posterMediaId ? [video.posterMediaId] : []), ...video.captions.map((track) => track.mediaId)]
            : [],
        ),
      ),
    )
    byCourse.set(course, ids)
  }
  return ids
}
