import { Film, Plus, Trash2 } from 'lucide-react'
import { useId } from 'react'
import type { UploadedVideo } from '../../../../../shared/course/schema'
import { formatDuration } from '../../../../../shared/duration'
import { mediaUrl, type UploadedMedia } from '../../../../../shared/media'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { useEditor } from '../editor-context'
import type { LessonForm } from '../module-form'
import { UploadProgress } from './upload-progress'
import { useMediaUpload } from './use-media-upload'

/** What the file pickers offer; the server still decides the type from the file's bytes. */
const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov'
const CAPTIONS_TYPES = 'text/vtt,.vtt'
const MAX_CAPTIONS = 10

type Props = {
  lesson: LessonForm
  /** A change made over the lesson as it is when applied: an upload finishes while the admin types. */
  change: (change: (lesson: LessonForm) => LessonForm) => void
}

const withUpload = (lesson: LessonForm, upload: UploadedVideo): LessonForm => ({ ...lesson, upload })

/** "6 sec long", "2 min long" from the server's reading, as the Duration is written; nothing without ffmpeg. */
const lengthText = (seconds: number | null): string | null => (seconds === null ? null : `${formatDuration(seconds)} long`)

/** The uploaded file of a lesson: pick and upload one, see it, replace it; and its captions. */
export function UploadedVideoFields({ lesson, change }: Props) {
  const { idFor, errorFor, touch } = useEditor()
  const name = `lessons:${lesson.key}.videoId`
  const inputId = idFor(name)
  const error = errorFor(name)
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`

  const video = useMediaUpload('video', (media: UploadedMedia) =>
    change((current) => ({
      ...withUpload(current, {
        provider: 'upload',
        mediaId: media.id,
        posterMediaId: media.posterMediaId,
        durationSeconds: media.durationSeconds,
        captions: current.upload?.captions ?? [],
      }),
      // The length the server read fills an empty duration; one the admin typed stays.
      durationText: current.durationText.trim() === '' && media.durationSeconds ? formatDuration(media.durationSeconds) : current.durationText,
    })),
  )
  const upload = lesson.upload
  const length = upload && lengthText(upload.durationSeconds)

  return (
    <div className="grid min-w-0 gap-3">
      {upload && (
        <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-2">
          {upload.posterMediaId ? (
            <img src={mediaUrl(upload.posterMediaId)} alt="" className="aspect-video w-24 shrink-0 rounded object-cover" />
          ) : (
            <span className="flex aspect-video w-24 shrink-0 items-center justify-center rounded bg-slate-800 text-white">
              <Film aria-hidden className="size-6" />
            </span>
          )}
          <p className="text-sm">
            <span className="font-medium">Video file uploaded</span>
            {length ? ` · ${length}` : ' · Type the lesson’s duration below.'}
          </p>
        </div>
      )}
      {video.state.status === 'idle' ? (
        <div className="grid content-start gap-2">
          <Label htmlFor={inputId}>{upload ? 'Replace the video file' : 'Video file'}</Label>
          <Input
            id={inputId}
            type="file"
            accept={VIDEO_TYPES}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ')}
            onBlur={() => touch(name)}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) video.start(file)
              event.target.value = ''
            }}
            className="h-auto py-1.5 file:mr-3 file:rounded file:bg-secondary file:px-2 file:py-1"
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            An MP4, WebM or MOV file. A large file can take a while: the upload goes on where it stopped if the connection drops.
          </p>
        </div>
      ) : (
        <UploadProgress state={video.state} noun="video" onCancel={video.cancel} onResume={video.resume} />
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {upload && <CaptionsFields lessonKey={lesson.key} upload={upload} change={change} />}
    </div>
  )
}

type CaptionsProps = { lessonKey: string; upload: UploadedVideo; change: Props['change'] }

/** The captions of an uploaded video: one WebVTT file per language, each with its code and its menu label. */
function CaptionsFields({ lessonKey, upload, change }: CaptionsProps) {
  const { idFor, announce } = useEditor()
  const headingId = useId()
  const pickerId = idFor(`lessons:${lessonKey}.captions.new`)
  const setCaptions = (captions: (list: UploadedVideo['captions']) => UploadedVideo['captions']) =>
    change((current) => (current.upload ? withUpload(current, { ...current.upload, captions: captions(current.upload.captions) }) : current))
  const captionsUpload = useMediaUpload('captions', (media) => {
    setCaptions((list) => [...list, list.length === 0 ? { mediaId: media.id, language: 'en', label: 'English' } : { mediaId: media.id, language: '', label: '' }])
    announce(`Captions file ${media.originalName} added`)
  })
  const update = (mediaId: string, field: 'language' | 'label', value: string) =>
    setCaptions((list) => list.map((track) => (track.mediaId === mediaId ? { ...track, [field]: value } : track)))

  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-3 rounded-md border p-3">
      <h4 id={headingId} className="text-sm font-semibold">
        Captions
      </h4>
      {upload.captions.length === 0 && <p className="text-sm text-muted-foreground">No captions yet. Learners get a captions menu once you add a WebVTT file.</p>}
      <ul className="grid gap-3">
        {upload.captions.map((track, index) => {
          const languageId = idFor(`lessons:${lessonKey}.captions:${track.mediaId}.language`)
          const labelId = idFor(`lessons:${lessonKey}.captions:${track.mediaId}.label`)
          return (
            <li key={track.mediaId} className="grid items-end gap-2 sm:grid-cols-[8rem_1fr_auto]">
              <div className="grid gap-1.5">
                <Label htmlFor={languageId}>Language code</Label>
                <Input id={languageId} value={track.language} placeholder="en" onChange={(event) => update(track.mediaId, 'language', event.target.value.trim())} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={labelId}>Menu label</Label>
                <Input id={labelId} value={track.label} placeholder="English" onChange={(event) => update(track.mediaId, 'label', event.target.value)} />
              </div>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setCaptions((list) => list.filter((other) => other.mediaId !== track.mediaId))
                  announce(`Captions ${index + 1} removed`)
                }}
              >
                <Trash2 aria-hidden />
                Remove<span className="sr-only"> captions {track.label || index + 1}</span>
              </Button>
            </li>
          )
        })}
      </ul>
      {captionsUpload.state.status === 'idle' ? (
        upload.captions.length < MAX_CAPTIONS && (
          <div className="grid gap-1.5">
            <Label htmlFor={pickerId} className="inline-flex items-center gap-1.5">
              <Plus aria-hidden className="size-4" />
              Add a captions file (WebVTT)
            </Label>
            <Input
              id={pickerId}
              type="file"
              accept={CAPTIONS_TYPES}
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) captionsUpload.start(file)
                event.target.value = ''
              }}
              className="h-auto py-1.5 file:mr-3 file:rounded file:bg-secondary file:px-2 file:py-1"
            />
          </div>
        )
      ) : (
        <UploadProgress state={captionsUpload.state} noun="captions file" onCancel={captionsUpload.cancel} onResume={captionsUpload.resume} />
      )}
    </div>
  )
}
