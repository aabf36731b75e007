import { Download } from 'lucide-react'
import { useRef } from 'react'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useListParams } from '../../../lib/use-list-params'
import { useWatchingReport, watchingExportUrl } from '../api'
import { WatchingCards, WatchingTable } from './watching-views'

// Four columns, the lesson and its module the widest, need about 720 px; narrower, each row is a card.
const TABLE_MIN_WIDTH = 720

/** Video watching: per learner and lesson, the percent watched and when, a page at a time. */
export function WatchingReport() {
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams()
  const report = useWatchingReport(query)
  const data = report.data

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-1.5">
          <CardTitle ref={heading} tabIndex={-1} className="outline-none">
            Video Watching
          </CardTitle>
          <CardDescription aria-live="polite">
            {data
              ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'watched lesson' : 'watched lessons'}`
              : 'How far each learner watched each lesson video, most recent first.'}
          </CardDescription>
        </div>
        {/* A link, not a fetch: the browser downloads the file under the server's file name. */}
        <a href={watchingExportUrl} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          Export CSV
        </a>
      </CardHeader>
      <PagedList
        list={report}
        rows={(page) => page.rows}
        text={{ loading: 'Loading video watching', failed: 'Failed to load video watching', pages: 'Video watching pages', noun: 'watched lessons' }}
        empty={<ListEmpty title="No videos watched yet" hint="Learners show here once they play a lesson video." />}
        tableMinWidth={TABLE_MIN_WIDTH}
        renderRows={(rows, layout) => (layout === 'table' ? <WatchingTable rows={rows} /> : <WatchingCards rows={rows} />)}
        onPage={(page) => update({ page })}
        heading={heading}
      />
    </Card>
  )
}
