import { useEffect, useRef, useState } from 'react'
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useDraftCourse } from '../api'
import { formatDateTime } from '../format'
import { ModuleList } from './module-list'
import { CourseActions } from './publish-dialog'
import { VersionHistory } from './version-history'

/**
 * The Course section: the draft's modules (add, edit, remove, restore, reorder), Publish, and
 * the version history. Learners see nothing of the draft until it is published
 * (docs/decisions/0035-course-content-in-the-database.md).
 */
export function CourseOverview() {
  const draft = useDraftCourse()
  const heading = useRef<HTMLHeadingElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const focusList = () => heading.current?.focus()

  useEffect(() => {
    if (draft.isError) notify.error(adminFailure(draft.error, 'Failed to load the course'))
  }, [draft.isError, draft.error])

  const data = draft.data
  const activeCount = data?.modules.filter((module) => module.status !== 'removed').length ?? 0

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Card className="min-w-0">
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle ref={heading} tabIndex={-1} className="outline-none">
              Course Modules
            </CardTitle>
            <CardDescription>
              {data ? (
                <>
                  Learners see version {data.liveVersion}, published {formatDateTime(data.livePublishedAt)}.
                  {data.hasChanges && ' The draft below has changes they will see once you publish.'}
                </>
              ) : (
                'The draft of the course: learners see it once you publish.'
              )}
            </CardDescription>
          </div>
          {data && <CourseActions draft={data} onPublished={focusList} />}
        </CardHeader>
        <CardContent>
          {draft.isPending ? (
            <ListLoading label="Loading the course" />
          ) : !data ? (
            <ListLoadFailed message="Failed to load the course" onRetry={() => void draft.refetch()} />
          ) : data.modules.length === 0 ? (
            <ListEmpty title="No modules yet" hint="Add the first module to start the course." />
          ) : (
            <div className="grid gap-4">
              {activeCount === 0 && (
                <ListEmpty title="Every module is removed" hint="Restore one or add a new one: the course needs at least one to publish." />
              )}
              <ModuleList
                modules={data.modules}
                onFocusLost={focusList}
                announce={(message) => setAnnouncement((current) => (current === message ? `${message} ` : message))}
              />
            </div>
          )}
        </CardContent>
      </Card>
      <VersionHistory liveVersion={data?.liveVersion} />
    </>
  )
}
