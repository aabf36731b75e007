import { useEffect, useRef } from 'react'
import type { ImportReport } from '../../../../shared/api-types'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { ImportRows } from './import-rows'

const n = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

type ImportResultProps = {
  report: ImportReport
  fileName: string
  isImporting: boolean
  onImport: () => void
  onStartOver: () => void
}

/** The check's (or the import's) outcome: counts, the Import button, and every row. */
export function ImportResult({ report, fileName, isImporting, onImport, onStartOver }: ImportResultProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const isCommitted = report.mode === 'commit'
  const { create, exists, error } = report.counts
  // A new result moves the keyboard focus to it, so a screen reader hears the outcome.
  useEffect(() => heading.current?.focus(), [report])

  return (
    <section aria-labelledby="import-result-heading" className="grid gap-4 border-t pt-5">
      <div className="grid gap-1">
        <h3 id="import-result-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {isCommitted ? 'Import Result' : 'Check Result'}
        </h3>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {fileName && `${fileName}: `}
          {isCommitted
            ? `${n(report.created, 'user')} created, ${n(exists, 'row')} already existed, ${n(error, 'row')} skipped with errors.`
            : `${n(create, 'user')} to create, ${n(exists, 'row')} already ${exists === 1 ? 'exists' : 'exist'}, ${n(error, 'row')} with errors.`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {!isCommitted && create > 0 && (
          <BusyButton isBusy={isImporting} onClick={onImport}>
            {isImporting ? 'Importing...' : `Import ${n(create, 'user')}`}
          </BusyButton>
        )}
        {!isCommitted && create === 0 && (
          <p className="text-sm font-medium">Nothing to create. Fix the errors in the file and check it again.</p>
        )}
        {isCommitted && (
          <Button variant="outline" onClick={onStartOver}>
            Import another file
          </Button>
        )}
      </div>
      <ImportRows key={`${report.mode}-${report.rows.length}`} report={report} />
    </section>
  )
}
