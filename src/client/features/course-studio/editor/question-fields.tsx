import { useId } from 'react'
import { QUESTION_KINDS, type QuestionKind } from '../../../../shared/course/schema'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useEditor } from './editor-context'
import { EditorField } from './editor-field'
import { ListEditor } from './list-editor'
import { newOption, withKind, type OptionForm, type QuestionForm } from './module-form'

const kindNames: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice (select all that apply)',
  trueFalse: 'True or false',
}

/** The check's own checkboxes and the options' marks look alike. */
export const checkboxClass = 'size-4 shrink-0 accent-primary'

/** An option: its text, whether it is right (a radio for one-answer questions), and the explanation shown after answering. */
function OptionFields({
  question,
  option,
  label,
  update,
  setCorrect,
}: {
  question: QuestionForm
  option: OptionForm
  label: string
  update: (option: OptionForm) => void
  setCorrect: () => void
}) {
  const { idFor } = useEditor()
  const base = `knowledgeCheck.questions:${question.key}.options:${option.key}`
  const correctId = idFor(`${base}.correct`)
  const isFixed = question.kind === 'trueFalse'
  return (
    <div className="grid gap-3">
      {isFixed ? (
        <p className="font-medium">{option.text}</p>
      ) : (
        <EditorField name={`${base}.text`} label={`${label} text`} value={option.text} onChange={(text) => update({ ...option, text })} />
      )}
      <div className="flex min-h-6 items-center gap-2">
        <input
          id={correctId}
          type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
          name={idFor(`knowledgeCheck.questions:${question.key}.correct`)}
          className={checkboxClass}
          checked={option.correct}
          onChange={(event) => (question.kind === 'multiple' ? update({ ...option, correct: event.target.checked }) : setCorrect())}
        />
        <Label htmlFor={correctId}>{isFixed ? `“${option.text}” is the right answer` : 'Right answer'}</Label>
      </div>
      <EditorField
        name={`${base}.explanation`}
        label={`Explanation for “${isFixed ? option.text : label.toLowerCase()}”`}
        kind="markdown"
        isShort
        hint="Shown with the right answers, when the review setting allows. Optional."
        value={option.explanation}
        onChange={(explanation) => update({ ...option, explanation })}
      />
    </div>
  )
}

export function QuestionFields({ question, update }: { question: QuestionForm; update: (question: QuestionForm) => void }) {
  const { idFor } = useEditor()
  const base = `knowledgeCheck.questions:${question.key}`
  const kindId = idFor(`${base}.kind`)
  const optionsHeadingId = useId()
  const setCorrect = (key: string) => update({ ...question, options: question.options.map((option) => ({ ...option, correct: option.key === key })) })
  const renderOption = (option: OptionForm, label: string, updateOption: (option: OptionForm) => void) => (
    <OptionFields question={question} option={option} label={label} update={updateOption} setCorrect={() => setCorrect(option.key)} />
  )
  return (
    <>
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor={kindId}>Kind of question</Label>
        <Select value={question.kind} onValueChange={(kind: QuestionKind) => update(withKind(question, kind))}>
          <SelectTrigger id={kindId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {QUESTION_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {kindNames[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <EditorField name={`${base}.prompt`} label="Question" value={question.prompt} onChange={(prompt) => update({ ...question, prompt })} />
      <div role="group" aria-labelledby={optionsHeadingId} className="grid min-w-0 gap-3">
        <h4 id={optionsHeadingId} className="text-sm font-semibold">
          Answer options
        </h4>
        {question.kind === 'trueFalse' ? (
          <ol className="grid gap-4">
            {question.options.map((option) => (
              <li key={option.key} className="rounded-md border p-3">
                {renderOption(option, option.text, (changed) =>
                  update({ ...question, options: question.options.map((other) => (other.key === option.key ? changed : other)) }),
                )}
              </li>
            ))}
          </ol>
        ) : (
          <ListEditor
            name={`${base}.options`}
            items={question.options}
            onChange={(options) => update({ ...question, options })}
            create={newOption}
            noun="option"
            nounPlural="options"
            max={8}
            firstField={(option) => `${base}.options:${option.key}.text`}
            emptyText="No options yet. A question needs at least two."
            renderItem={({ item: option, label, update: updateOption, controls }) => (
              <div className="grid gap-2 rounded-md border p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-semibold">{label}</span>
                  {controls}
                </div>
                {renderOption(option, label, updateOption)}
              </div>
            )}
          />
        )}
      </div>
    </>
  )
}

