import { LoaderCircle } from 'lucide-react'
import { Button } from '../../../../components/ui/button'
import { Progress } from '../../../../components/ui/progress'
import { formatBytes, formatSpeed, formatTimeLeft } from './upload-rate'
import type { UploadState } from './use-media-upload'

type Props = { state: Exclude<UploadState, { status: 'idle' }>; noun: string; onCancel: () => void; onResume: () => void }

/** Ten steps for screen readers: every progress event would be too many announcements. */
const announcedStep = (percent: number) => Math.floor(percent / 10) * 10

/** An upload under way: the bar with percent, speed and time left, then the server's check; or why it stopped. */
export function UploadProgress({ state, noun, onCancel, onResume }: Props) {
  if (state.status === 'failed') {
    return (
      <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        <p className="font-medium text-destructive">
          {state.canResume ? `The upload of ${state.fileName} stopped.` : `${state.fileName} could not be used.`} {state.message}
        </p>
        <div className="flex flex-wrap gap-2">
          {state.canResume && (
            <Button type="button" size="sm" onClick={onResume}>
              Resume upload
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            {state.canResume ? 'Cancel upload' : 'Dismiss'}
          </Button>
        </div>
      </div>
    )
  }
  if (state.status === 'processing') {
    return (
      <div className="flex items-center gap-2 text-sm">
        <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
        <span role="status">Checking the {noun}: {state.fileName}…</span>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    )
  }
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0
  const details = [
    `${formatBytes(state.sent)} of ${formatBytes(state.total)}`,
    state.isRetrying && state.bytesPerSecond === null ? 'Connection lost, trying again…' : null,
    state.bytesPerSecond !== null ? formatSpeed(state.bytesPerSecond) : null,
    state.secondsLeft !== null && state.bytesPerSecond ? formatTimeLeft(state.secondsLeft) : null,
  ].filter(Boolean)
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium">Uploading {state.fileName}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <Progress value={percent} aria-label={`Uploading ${state.fileName}`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground tabular-nums">{details.join(' · ')}</p>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {state.isRetrying && state.bytesPerSecond === null ? 'Connection lost, trying again.' : `Uploaded ${announcedStep(percent)} %`}
      </p>
    </div>
  )
}
