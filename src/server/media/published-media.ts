import type { Course } from '../../shared/course/schema'

const byCourse = new WeakMap<Course, ReadonlySet<string>>()

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
