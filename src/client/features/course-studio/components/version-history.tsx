import { useRef } from 'react'
import type { CourseVersionSummary } from '../../../../shared/course/admin-api-types'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { PagedList } from '../../../components/paged-list/paged-list'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { StatusBadge } from '../../../components/ui/status-badge'
import { useListParams } from '../../../lib/use-list-params'
import { useCourseVersions } from '../api'
import { formatDateTime } from '../format'
import { RestoreVersionDialog } from './restore-version-dialog'

// Narrower than this, each version is a card.
const TABLE_MIN_WIDTH = 760

type RowsProps = { versions: CourseVersionSummary[]; liveVersion: number | undefined }

function VersionBadges({ version }: { version: CourseVersionSummary }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {version.isLive && <StatusBadge tone="success">Live</StatusBadge>}
      {version.restoredFrom !== null && (
        <span className="text-xs text-muted-foreground">Restored from version {version.restoredFrom}</span>
      )}
    </span>
  )
}

const published = (version: CourseVersionSummary) => (
  <time dateTime={version.publishedAt}>{formatDateTime(version.publishedAt)}</time>
)

function VersionsTable({ versions, liveVersion }: RowsProps) {
  return (
    // A very long note or name scrolls the table rather than push Restore out of the card.
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {['Version', 'Note', 'Published by', 'Published', 'Modules'].map((label) => (
              <th key={label} scope="col" className="p-2 font-medium">
                {label}
              </th>
            ))}
            <th scope="col" className="p-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version} className="border-b align-top last:border-0">
              <td className="p-2">
                <span className="grid justify-items-start gap-1">
                  <span className="font-semibold tabular-nums">{version.version}</span>
                  <VersionBadges version={version} />
                </span>
              </td>
              <td className="min-w-40 p-2 [overflow-wrap:break-word]">{version.note}</td>
              <td className="p-2 [overflow-wrap:break-word]">{version.publishedByName}</td>
              <td className="p-2">{published(version)}</td>
              <td className="p-2 tabular-nums">{version.moduleCount}</td>
              <td className="p-2 text-right">
                <RestoreVersionDialog version={version} liveVersion={liveVersion} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function VersionCards({ versions, liveVersion }: RowsProps) {
  return (
    <ul className="grid gap-3">
      {versions.map((version) => (
        <li key={version.version} className="grid gap-2 rounded-lg border p-3 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Version {version.version}</span>
            <VersionBadges version={version} />
          </span>
          <span className="[overflow-wrap:anywhere]">{version.note}</span>
          <span className="text-muted-foreground">
            {version.publishedByName} · {published(version)} · {version.moduleCount} {version.moduleCount === 1 ? 'module' : 'modules'}
          </span>
          <span>
            <RestoreVersionDialog version={version} liveVersion={liveVersion} />
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Every published version, newest first, with the live one marked; any can be restored into the draft. */
export function VersionHistory({ liveVersion }: { liveVersion: number | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams()
  const versions = useCourseVersions(query.page)

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="outline-none">
          Version History
        </CardTitle>
        <CardDescription>
          Every published version, newest first. Restoring one makes it the draft; publishing makes it live.
        </CardDescription>
      </CardHeader>
      <PagedList
        list={versions}
        rows={(data) => data.versions}
        text={{ loading: 'Loading versions', failed: 'Failed to load versions', pages: 'Version history pages', noun: 'versions' }}
        empty={<ListEmpty title="No versions yet" />}
        tableMinWidth={TABLE_MIN_WIDTH}
        renderRows={(rows, layout) =>
          layout === 'table' ? (
            <VersionsTable versions={rows} liveVersion={liveVersion} />
          ) : (
            <VersionCards versions={rows} liveVersion={liveVersion} />
          )
        }
        onPage={(page) => update({ page })}
        heading={heading}
      />
    </Card>
  )
}
