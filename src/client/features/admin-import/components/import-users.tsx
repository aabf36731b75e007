import { Download } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { ImportReport } from '../../../../shared/api-types'
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../shared/schemas/imports'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { adminFailure } from '../../../lib/admin-failure'
import { ApiError } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useImportUsers } from '../api'
import { ImportResult } from './import-result'

const TEMPLATE = `${IMPORT_COLUMNS.join(',')}\r\nada@example.com,Ada Broker,user\r\n`

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: 'import-template.csv' })
  link.click()
  // Released once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

type ChosenFile = { name: string; csv: string }

/** Import: choose a CSV, check it (a dry run), then import the rows the check found valid. */
export function ImportUsers() {
  const ids = { file: useId(), sendLoginDetails: useId(), fileMessage: useId() }
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<ChosenFile | null>(null)
  const [fileError, setFileError] = useState<string>()
  const [sendLoginDetails, setSendLoginDetails] = useState(true)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [inputKey, setInputKey] = useState(0)
  const importUsers = useImportUsers()
  const isChecking = importUsers.isPending && importUsers.variables?.mode === 'dry-run'

  const onChooseFile = async (chosen: File | undefined) => {
    setReport(null)
    setFile(null)
    setFileError(undefined)
    if (!chosen) return
    if (chosen.size > IMPORT_MAX_BYTES) return setFileError('The file is larger than 2 MB.')
    setFile({ name: chosen.name, csv: await chosen.text() })
  }

  const onCheck = async () => {
    if (importUsers.isPending) return
    if (!file) {
      setFileError('Choose a CSV file first.')
      return fileInput.current?.focus()
    }
    try {
      setReport(await importUsers.mutateAsync({ csv: file.csv, mode: 'dry-run', sendLoginDetails }))
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) setFileError(error.message)
      notify.error(adminFailure(error, 'Failed to check the file'))
    }
  }

  const onImport = async () => {
    if (importUsers.isPending || !file) return
    try {
      const done = await importUsers.mutateAsync({ csv: file.csv, mode: 'commit', sendLoginDetails })
      setReport(done)
      notify.success(`${done.created.toLocaleString('en-US')} ${done.created === 1 ? 'user' : 'users'} imported successfully`)
      if (done.loginDetails === 'sending') notify.info('The new users are being e-mailed a link to choose their password.')
    } catch (error) {
      notify.error(adminFailure(error, 'Failed to import users'))
    }
  }

  const startOver = () => {
    setReport(null)
    setFile(null)
    setInputKey((key) => key + 1)
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Import Users</CardTitle>
        <CardDescription>
          A CSV file with the header <code className="font-mono">{IMPORT_COLUMNS.join(',')}</code>, up to{' '}
          {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. An empty role means user. Check the file first: nothing is
          created until you import it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={ids.file}>CSV file</Label>
          <input
            key={inputKey}
            ref={fileInput}
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={ids.fileMessage}
            className="block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted"
            onChange={(event) => void onChooseFile(event.target.files?.[0])}
          />
          <p id={ids.fileMessage} className={fileError ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
            {fileError ?? 'UTF-8, comma-separated; names with commas in double quotes.'}
          </p>
          <Button variant="link" className="h-auto justify-self-start p-0" onClick={downloadTemplate}>
            <Download aria-hidden />
            Download a template
          </Button>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={ids.sendLoginDetails}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={sendLoginDetails}
            onChange={(event) => setSendLoginDetails(event.target.checked)}
          />
          <div className="grid gap-1">
            <Label htmlFor={ids.sendLoginDetails}>E-mail each new user a link to choose their password</Label>
            <p className="text-sm text-muted-foreground">
              The link works once, for 7 days. Without it, new users sign in through 'Forgot your password?'.
            </p>
          </div>
        </div>
        <div>
          <BusyButton isBusy={isChecking} onClick={onCheck}>
            {isChecking ? 'Checking...' : 'Check File'}
          </BusyButton>
        </div>
        {report && (
          <ImportResult
            report={report}
            fileName={file?.name ?? ''}
            isImporting={importUsers.isPending && importUsers.variables?.mode === 'commit'}
            onImport={onImport}
            onStartOver={startOver}
          />
        )}
      </CardContent>
    </Card>
  )
}
