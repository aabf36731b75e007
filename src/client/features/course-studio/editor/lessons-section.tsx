import { useId } from 'react'
import { EditorField, MarkdownHint } from './editor-field'
import { EditorSection, ItemGroup, TextItemField, type SectionProps } from './editor-section'
import { ListEditor } from './list-editor'
import { newLesson, newTextItem } from './module-form'
import { VideoFields } from './video-fields'

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

