import { useId } from 'react'
import { EditorField, MarkdownHint } from './editor-field'
import { EditorSection, ItemGroup, TextItemField, type SectionProps } from './editor-section'
import { ListEditor } from './list-editor'
import { newGuideStep, newTextItem } from './module-form'

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
