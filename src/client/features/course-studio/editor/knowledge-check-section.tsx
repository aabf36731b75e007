import { Plus, Trash2 } from 'lucide-react'
import { MAX_ATTEMPTS_LIMIT, showAnswersOf, type ShowAnswers } from '../../../../shared/course/schema'
import { Button } from '../../../components/ui/button'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useEditor } from './editor-context'
import { EditorField } from './editor-field'
import { EditorSection, ItemGroup, type SectionProps } from './editor-section'
import { ListEditor } from './list-editor'
import { newKnowledgeCheck, newQuestion, type KnowledgeCheckForm } from './module-form'
import { checkboxClass, QuestionFields } from './question-fields'

/** The review setting's choices, the default first (docs/decisions/0083-knowledge-check-review-options.md). */
const showAnswersNames: Record<ShowAnswers, string> = {
  afterPassOrLastAttempt: 'After they pass or have used every attempt (default)',
  afterPass: 'After they pass',
  afterLastAttempt: 'After their last attempt',
  afterEachAttempt: 'After each attempt',
  never: 'Never',
}

/** The check's pass mark, its attempts, whether passing it is needed, and when learners see the answers. */
function CheckSettings({ check, update }: { check: KnowledgeCheckForm; update: (check: KnowledgeCheckForm) => void }) {
  const { idFor } = useEditor()
  const requireId = idFor('knowledgeCheck.requirePass')
  const showAnswersId = idFor('knowledgeCheck.showAnswers')
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <EditorField
          name="knowledgeCheck.passMark"
          label="Pass mark (%)"
          kind="minutes"
          range={[1, 100]}
          hint="1 to 100. The share of questions a learner must get right."
          value={check.passMark}
          onChange={(passMark) => update({ ...check, passMark })}
        />
        <EditorField
          name="knowledgeCheck.maxAttempts"
          label="Maximum attempts"
          kind="minutes"
          range={[1, MAX_ATTEMPTS_LIMIT]}
          hint="Leave empty for unlimited retries. The best score counts."
          value={check.maxAttempts}
          onChange={(maxAttempts) => update({ ...check, maxAttempts })}
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={requireId}
          type="checkbox"
          className={`${checkboxClass} mt-0.5`}
          checked={check.requirePass}
          aria-describedby={`${requireId}-hint`}
          onChange={(event) => update({ ...check, requirePass: event.target.checked })}
        />
        <div className="grid gap-1">
          <Label htmlFor={requireId}>Must pass before the module can be marked complete</Label>
          <p id={`${requireId}-hint`} className="text-sm text-muted-foreground">
            Off: learners can mark the module complete whether or not they have taken the check.
          </p>
        </div>
      </div>
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor={showAnswersId}>Show learners the right answers</Label>
        <Select value={showAnswersOf(check)} onValueChange={(showAnswers: ShowAnswers) => update({ ...check, showAnswers })}>
          <SelectTrigger id={showAnswersId} aria-describedby={`${showAnswersId}-hint`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(showAnswersNames) as ShowAnswers[]).map((mode) => (
              <SelectItem key={mode} value={mode}>
                {showAnswersNames[mode]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${showAnswersId}-hint`} className="text-sm text-muted-foreground">
          When learners see which options were right and the explanations. Until then, after each attempt they see their score and which
          questions they got wrong, not the right options. With unlimited attempts there is no last attempt.
        </p>
      </div>
    </div>
  )
}

/** The module's optional knowledge check: its settings and its questions, each with its options. */
export function KnowledgeCheckSection({ form, onChange }: SectionProps) {
  const { idFor, announce } = useEditor()
  const check = form.knowledgeCheck
  const set = (knowledgeCheck: KnowledgeCheckForm | null) => onChange((current) => ({ ...current, knowledgeCheck }))
  const addId = idFor('knowledgeCheck.add')
  return (
    <EditorSection
      title="Knowledge check"
      description="A short quiz after the guide. Learners see the right answers and explanations only after they answer, and only as the review setting allows."
    >
      {check ? (
        <>
          <CheckSettings check={check} update={set} />
          <ListEditor
            name="knowledgeCheck.questions"
            items={check.questions}
            onChange={(questions) => set({ ...check, questions })}
            create={newQuestion}
            noun="question"
            nounPlural="questions"
            max={20}
            firstField={(question) => `knowledgeCheck.questions:${question.key}.prompt`}
            emptyText="No questions yet. A knowledge check needs at least one."
            renderItem={({ item: question, label, update, controls }) => (
              <ItemGroup label={label} controls={controls}>
                <QuestionFields question={question} update={update} />
              </ItemGroup>
            )}
          />
          <div>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => {
                set(null)
                announce('Knowledge check removed.')
                requestAnimationFrame(() => document.getElementById(addId)?.focus())
              }}
            >
              <Trash2 aria-hidden />
              Remove the knowledge check
            </Button>
          </div>
        </>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">This module has no knowledge check.</p>
          <Button
            id={addId}
            variant="outline"
            size="sm"
            onClick={() => {
              const created = newKnowledgeCheck()
              set(created)
              requestAnimationFrame(() => document.getElementById(idFor(`knowledgeCheck.questions:${created.questions[0]!.key}.prompt`))?.focus())
            }}
          >
            <Plus aria-hidden />
            Add a knowledge check
          </Button>
        </div>
      )}
    </EditorSection>
  )
}
