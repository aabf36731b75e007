import { CheckCircle2, XCircle } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import type { AttemptResult, MarkedOption, MarkedQuestion, WithheldQuestion } from '../../../../shared/course/api-types'
import { RichText } from '../../../components/ui/rich-text'
import { cn } from '../../../lib/utils'

function OptionLine({ option }: { option: MarkedOption }) {
  const tags = [option.chosen && 'Your answer', option.correct && 'Correct answer'].filter(Boolean)
  return (
    <li
      className={cn(
        'grid gap-1 rounded-md border px-3 py-2',
        option.correct && 'border-success/50 bg-success/5',
        option.chosen && !option.correct && 'border-destructive/50 bg-destructive/5',
      )}
    >
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span>{option.text}</span>
        {tags.length > 0 && <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{tags.join(' · ')}</span>}
      </span>
      {option.explanation && <RichText value={option.explanation} as="p" className="text-sm text-muted-foreground" />}
    </li>
  )
}

/** One marked question: its number, its prompt and whether the learner got it right, then what the result may show of it. */
function QuestionItem({ question, number, children }: { question: MarkedQuestion | WithheldQuestion; number: number; children: ReactNode }) {
  return (
    <li className="grid gap-2">
      <p className="font-semibold">
        <span className="block text-sm font-medium text-muted-foreground">Question {number}</span>
        {question.prompt}
      </p>
      <p className={cn('flex items-center gap-1.5 text-sm font-medium', question.isCorrect ? 'text-success' : 'text-destructive')}>
        {question.isCorrect ? <CheckCircle2 aria-hidden className="size-4" /> : <XCircle aria-hidden className="size-4" />}
        {question.isCorrect ? 'You answered correctly' : 'Your answer was not right'}
      </p>
      {children}
    </li>
  )
}

/** A question of a result that withholds the answers: the learner's own answer, and whether it was right. */
function WithheldQuestionLines({ question }: { question: WithheldQuestion }) {
  const chosen = question.options.filter((option) => option.chosen).map((option) => option.text)
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{chosen.length === 1 ? 'Your answer: ' : 'Your answers: '}</span>
      {chosen.join('; ')}
    </p>
  )
}

type Props = {
  result: AttemptResult
  bestScore: number | null
  /** Null: unlimited. */
  attemptsLeft: number | null
  /** When the right answers will be shown, for a result that withholds them. */
  answersShownWhen: string
  actions: ReactNode
}

/**
 * The marked attempt: the score against the pass mark, then each question with the learner's
 * answer and whether it was right; with the right ones and why when the check's review setting
 * shows them, and otherwise a line saying when it will (the server has not sent them).
 */
export function KnowledgeCheckResult({ result, bestScore, attemptsLeft, answersShownWhen, actions }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [result.id])
  const rightCount = result.questions.filter((question) => question.isCorrect).length
  const wrong = result.questions.flatMap((question, index) => (question.isCorrect ? [] : [index + 1]))
  return (
    <div className="grid gap-6">
      <div className={cn('grid gap-1 rounded-lg border p-4', result.passed ? 'border-success/50 bg-success/5' : 'border-destructive/40 bg-destructive/5')}>
        <h3 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
          {result.passed ? <CheckCircle2 aria-hidden className="size-5 text-success" /> : <XCircle aria-hidden className="size-5 text-destructive" />}
          {result.passed ? `Passed: ${result.score} %` : `Not passed: ${result.score} %`}
        </h3>
        <p>
          {rightCount} of {result.questions.length} right. The pass mark is {result.passMark} %.
          {bestScore !== null && bestScore !== result.score && ` Your best score is ${bestScore} %.`}
        </p>
        {wrong.length > 0 && !result.answersShown && (
          <p>
            {wrong.length === 1 ? 'Question' : 'Questions'} {wrong.join(', ')} {wrong.length === 1 ? 'was' : 'were'} not right.
          </p>
        )}
        {attemptsLeft !== null && attemptsLeft > 0 && <p>{attemptsLeft === 1 ? '1 attempt left.' : `${attemptsLeft} attempts left.`}</p>}
        {result.answersShown ? (
          !result.passed && <p>Read the explanations below, then try again.</p>
        ) : (
          <p>
            {answersShownWhen}
            {!result.passed && attemptsLeft !== 0 && ' Read the module again, then try again.'}
          </p>
        )}
      </div>
      <ol className="grid gap-5">
        {result.answersShown
          ? result.questions.map((question, index) => (
              <QuestionItem key={question.id} question={question} number={index + 1}>
                <ul className="grid gap-2">
                  {question.options.map((option) => (
                    <OptionLine key={option.id} option={option} />
                  ))}
                </ul>
              </QuestionItem>
            ))
          : result.questions.map((question, index) => (
              <QuestionItem key={question.id} question={question} number={index + 1}>
                <WithheldQuestionLines question={question} />
              </QuestionItem>
            ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
    </div>
  )
}
