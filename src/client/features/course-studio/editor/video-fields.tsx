import { VIDEO_ID_RULES } from '../../../../shared/course/schema'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useEditor } from './editor-context'
import { EditorField } from './editor-field'
import { videoIdFrom, type LessonForm, type VideoProvider } from './module-form'
import { UploadedVideoFields } from './upload/uploaded-video-fields'

const providerNames: Record<VideoProvider, string> = { none: 'No video', vimeo: 'Vimeo', youtube: 'YouTube', upload: 'Uploaded file' }

const providers = Object.keys(providerNames) as VideoProvider[]

type VideoFieldsProps = {
  lesson: LessonForm
  update: (lesson: LessonForm) => void
  change: (change: (lesson: LessonForm) => LessonForm) => void
}

/**
 * A lesson's video: the provider, then its id with the provider's rule (a pasted address is
 * reduced to its id), or the uploaded file. Switching provider keeps the other's value, so
 * switching back restores it.
 */
export function VideoFields({ lesson, update, change }: VideoFieldsProps) {
  const { idFor } = useEditor()
  const providerId = idFor(`lessons:${lesson.key}.provider`)
  return (
    <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
      <div className="grid content-start gap-2">
        <Label htmlFor={providerId}>Video</Label>
        <Select
          value={lesson.provider}
          onValueChange={(provider: VideoProvider) => update({ ...lesson, provider, videoId: videoIdFrom(provider, lesson.videoId) })}
        >
          <SelectTrigger id={providerId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {providers.map((provider) => (
              <SelectItem key={provider} value={provider}>
                {providerNames[provider]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {lesson.provider === 'none' ? (
        <p className="self-end text-sm text-muted-foreground sm:pb-2.5">Learners see a placeholder with the lesson’s duration.</p>
      ) : lesson.provider === 'upload' ? (
        <UploadedVideoFields lesson={lesson} change={change} />
      ) : (
        <EditorField
          name={`lessons:${lesson.key}.videoId`}
          label={`${providerNames[lesson.provider]} video id`}
          hint={`${VIDEO_ID_RULES[lesson.provider]}. You can paste the video’s address.`}
          value={lesson.videoId}
          onChange={(text) => update({ ...lesson, videoId: videoIdFrom(lesson.provider, text) })}
        />
      )}
    </div>
  )
}

