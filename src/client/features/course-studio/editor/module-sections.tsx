import { useId, type ReactNode } from 'react'
import { VIDEO_ID_RULES } from '../../../../shared/course/schema'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useEditor } from './editor-context'
import { EditorField, MarkdownHint } from './editor-field'
import { ListEditor } from './list-editor'
import { UploadedVideoFields } from './upload/uploaded-video-fields'
import {
  newGuideStep,
  newLesson,
  newTextItem,
  videoIdFrom,
  type LessonForm,
  type ModuleForm,
  type TextItem,
  type VideoProvider,
} from './module-form'

type SectionProps = { form: ModuleForm; onChange: (change: (form: ModuleForm) => ModuleForm) => void }

export function EditorSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card className="min-w-0" role="region" aria-labelledby={headingId}>
      <CardHeader className="max-sm:p-4">
        <CardTitle id={headingId}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4 max-sm:pb-4">{children}</CardContent>
    </Card>
  )
}

/** A lesson or a guide step: a group named by its heading, with its buttons beside the heading. */
export function ItemGroup({ label, controls, children }: { label: string; controls: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <div role="group" aria-labelledby={headingId} className="grid min-w-0 gap-5 rounded-lg border p-4 max-sm:p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {label}
        </h3>
        {controls}
      </div>
      {children}
    </div>
  )
}

/** The module's own fields: names, the dashboard card, minutes, the introduction. */
export function DetailsSection({ form, onChange }: SectionProps) {
  const set = (field: 'title' | 'navLabel' | 'description' | 'minutes' | 'introduction') => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }))
  return (
    <EditorSection title="Module details">
      <EditorField name="title" label="Title" value={form.title} onChange={set('title')} />
      <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
        <EditorField
          name="navLabel"
          label="Navigation label"
          hint="The short name on the previous and next links, up to 40 characters."
          value={form.navLabel}
          onChange={set('navLabel')}
        />
        <EditorField name="minutes" label="Minutes" kind="minutes" hint="1 to 600." value={form.minutes} onChange={set('minutes')} />
      </div>
      <EditorField
        name="description"
        label="Dashboard description"
        hint="The line under the module’s title on the learner’s dashboard."
        value={form.description}
        onChange={set('description')}
      />
      <EditorField name="introduction" label="Introduction" kind="markdown" value={form.introduction} onChange={set('introduction')} />
    </EditorSection>
  )
}

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
function VideoFields({ lesson, update, change }: VideoFieldsProps) {
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

/** The lessons, each a video card on the learner's page, with its key points. */
export function LessonsSection({ form, onChange }: SectionProps) {
  const keyPointsHintId = useId()
  return (
    <EditorSection title="Lessons" description="Each lesson is a video card on the module page. A module needs at least one.">
      <EditorField
        name="requiredWatchPercent"
        label="Watch at least (%)"
        kind="percent"
        hint="Learners must watch at least this much of each video before they can mark the module complete. Leave empty for no rule."
        className="sm:max-w-md"
        value={form.requiredWatchPercent}
        onChange={(requiredWatchPercent) => onChange((current) => ({ ...current, requiredWatchPercent }))}
      />
      <ListEditor
        name="lessons"
        items={form.lessons}
        onChange={(lessons) => onChange((current) => ({ ...current, lessons }))}
        create={newLesson}
        noun="lesson"
        nounPlural="lessons"
        max={10}
        firstField={(lesson) => `lessons:${lesson.key}.title`}
        emptyText="No lessons yet."
        renderItem={({ item: lesson, index, label, update, controls }) => (
          <ItemGroup label={label} controls={controls}>
            <EditorField
              name={`lessons:${lesson.key}.title`}
              label="Lesson title"
              value={lesson.title}
              onChange={(title) => update({ ...lesson, title })}
            />
            <EditorField
              name={`lessons:${lesson.key}.summary`}
              label="Summary"
              kind="markdown"
              value={lesson.summary}
              onChange={(summary) => update({ ...lesson, summary })}
            />
            <VideoFields
              lesson={lesson}
              update={update}
              change={(apply) =>
                onChange((current) => ({ ...current, lessons: current.lessons.map((other) => (other.key === lesson.key ? apply(other) : other)) }))
              }
            />
            <EditorField
              name={`lessons:${lesson.key}.durationText`}
              label="Duration"
              hint="As the lesson card shows it: “5 min”."
              className="sm:max-w-xs"
              value={lesson.durationText}
              onChange={(durationText) => update({ ...lesson, durationText })}
            />
            <div role="group" aria-labelledby={`${keyPointsHintId}-${lesson.key}-heading`} className="grid min-w-0 gap-3">
              <div className="grid gap-1">
                <h4 id={`${keyPointsHintId}-${lesson.key}-heading`} className="text-sm font-semibold">
                  Key points of lesson {index + 1}
                </h4>
                <MarkdownHint id={`${keyPointsHintId}-${lesson.key}`} />
              </div>
              <ListEditor
                name={`lessons:${lesson.key}.keyPoints`}
                items={lesson.keyPoints}
                onChange={(keyPoints) => update({ ...lesson, keyPoints })}
                create={newTextItem}
                noun="key point"
                nounPlural="key points"
                max={12}
                firstField={(point) => `lessons:${lesson.key}.keyPoints:${point.key}.text`}
                emptyText="No key points yet. A lesson needs at least one."
                renderItem={({ item: point, label: pointLabel, update: updatePoint, controls: pointControls }) => (
                  <TextItemField
                    name={`lessons:${lesson.key}.keyPoints:${point.key}.text`}
                    label={pointLabel}
                    item={point}
                    update={updatePoint}
                    controls={pointControls}
                    describedBy={`${keyPointsHintId}-${lesson.key}`}
                  />
                )}
              />
            </div>
          </ItemGroup>
        )}
      />
    </EditorSection>
  )
}

/** One Markdown item of a list: its position as its label, its buttons beside it. */
function TextItemField({
  name,
  label,
  item,
  update,
  controls,
  describedBy,
}: {
  name: string
  label: string
  item: TextItem
  update: (item: TextItem) => void
  controls: ReactNode
  describedBy: string
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-end justify-between gap-2">
        <span aria-hidden className="text-sm font-medium">
          {label}
        </span>
        {controls}
      </div>
      <EditorField
        name={name}
        label={label}
        hideLabel
        isShort
        kind="markdown"
        describedBy={describedBy}
        value={item.text}
        onChange={(text) => update({ ...item, text })}
      />
    </div>
  )
}

/** The guide: numbered steps, each a title and its detail. */
export function GuideSection({ form, onChange }: SectionProps) {
  return (
    <EditorSection title="Guide steps" description="The step-by-step guide under the lessons. Leave it empty to show no guide.">
      <ListEditor
        name="guide"
        items={form.guide}
        onChange={(guide) => onChange((current) => ({ ...current, guide }))}
        create={newGuideStep}
        noun="guide step"
        nounPlural="guide steps"
        max={30}
        firstField={(step) => `guide:${step.key}.title`}
        emptyText="No guide steps: the page shows no guide."
        renderItem={({ item: step, label, update, controls }) => (
          <ItemGroup label={label} controls={controls}>
            <EditorField name={`guide:${step.key}.title`} label="Step title" value={step.title} onChange={(title) => update({ ...step, title })} />
            <EditorField
              name={`guide:${step.key}.detail`}
              label="Step detail"
              kind="markdown"
              value={step.detail}
              onChange={(detail) => update({ ...step, detail })}
            />
          </ItemGroup>
        )}
      />
    </EditorSection>
  )
}

type TextListName = 'importantReminders' | 'proTips' | 'keyTakeaways'

const textLists: Record<TextListName, { title: string; description: string; noun: string; nounPlural: string; emptyText: string }> = {
  importantReminders: {
    title: 'Important reminders',
    description: 'Shown in the module’s notes.',
    noun: 'reminder',
    nounPlural: 'reminders',
    emptyText: 'No reminders: the page leaves them out.',
  },
  proTips: {
    title: 'Pro tips',
    description: 'Shown in the module’s notes.',
    noun: 'pro tip',
    nounPlural: 'pro tips',
    emptyText: 'No pro tips: the page leaves them out.',
  },
  keyTakeaways: {
    title: 'Key takeaways',
    description: 'The summary at the end of the module.',
    noun: 'key takeaway',
    nounPlural: 'key takeaways',
    emptyText: 'No key takeaways: the page leaves them out.',
  },
}

/** Reminders, pro tips or key takeaways: a list of Markdown lines. */
export function TextListSection({ form, onChange, list }: SectionProps & { list: TextListName }) {
  const hintId = useId()
  const { title, description, noun, nounPlural, emptyText } = textLists[list]
  return (
    <EditorSection
      title={title}
      description={
        <>
          {description} <MarkdownHint id={hintId} className="inline" />
        </>
      }
    >
      <ListEditor
        name={list}
        items={form[list]}
        onChange={(items) => onChange((current) => ({ ...current, [list]: items }))}
        create={newTextItem}
        noun={noun}
        nounPlural={nounPlural}
        max={20}
        firstField={(item) => `${list}:${item.key}.text`}
        emptyText={emptyText}
        renderItem={({ item, label, update, controls }) => (
          <TextItemField name={`${list}:${item.key}.text`} label={label} item={item} update={update} controls={controls} describedBy={hintId} />
        )}
      />
    </EditorSection>
  )
}

/** The one thing learners do after the module. */
export function ActionStepSection({ form, onChange }: SectionProps) {
  const set = (field: 'title' | 'description') => (value: string) =>
    onChange((current) => ({ ...current, actionStep: { ...current.actionStep, [field]: value } }))
  return (
    <EditorSection title="Action step" description="What learners do in the CRM after this module.">
      <EditorField name="actionStep.title" label="Action step title" value={form.actionStep.title} onChange={set('title')} />
      <EditorField
        name="actionStep.description"
        label="Action step description"
        kind="markdown"
        value={form.actionStep.description}
        onChange={set('description')}
      />
    </EditorSection>
  )
}
