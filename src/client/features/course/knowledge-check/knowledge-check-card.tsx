import { ListChecks } from 'lucide-react'
import { useId, useState } from 'react'
import type { KnowledgeCheckState, LearnerKnowledgeCheck, LearnerModule, LearnerQuestion } from '../../../../shared/course/api-types'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { answersShownWhen, NO_ATTEMPTS_LEFT_MESSAGE } from '../../../../shared/course/knowledge-check-messages'
import { errorMessage } from '../../../lib/api-client'
import { useHydrated } from '../../../lib/use-hydrated'
import { useKnowledgeCheckQuery, useSubmitAttempt } from '../api'
import { shuffleOptions } from './answer-order'
import { KnowledgeCheckForm } from './knowledge-check-form'
import { KnowledgeCheckResult } from './knowledge-check-result'

const questionCount = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`

/** What the card says before anything is loaded: the same on the server and in the browser. */
function describe(check: LearnerKnowledgeCheck) {
  const parts = [`${questionCount(check.questions.length)} about what this module teaches.`, `Pass mark: ${check.passMark} %.`]
  if (check.requirePass) parts.push('Pass it to mark this module complete.')
  parts.push(answersShownWhen(check.showAnswers, check.maxAttempts))
  return parts.join(' ')
}

function attemptsLine(state: KnowledgeCheckState) {
  if (state.attempts === 0) return 'You have not taken it yet.'
  const taken = `${state.attempts} ${state.attempts === 1 ? 'attempt' : 'attempts'}`
  const best = `best score ${state.bestScore} %`
  const left = state.attemptsLeft === null ? '' : ` ${state.attemptsLeft} ${state.attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`
  return `${state.passed ? 'Passed' : 'Not passed yet'}: ${best} after ${taken}.${left}`
}

type Mode = { name: 'overview' } | { name: 'taking'; questions: LearnerQuestion[] } | { name: 'result' }

function LearnerKnowledgeCheck({ module, check }: { module: LearnerModule; check: LearnerKnowledgeCheck }) {
  const isHydrated = useHydrated()
  // The server renders the module page with the learner's standing (src/server/pages/signed-in-pages.ts).
  const state = useKnowledgeCheckQuery(module.id)
  const submit = useSubmitAttempt(module.id)
  const [mode, setMode] = useState<Mode>({ name: 'overview' })

  if (state.isPending) return <Spinner label="Loading your knowledge check" />
  if (state.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p>We couldn’t load your knowledge check. Check your connection, then try again.</p>
        <Button variant="outline" onClick={() => void state.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }
  const standing = state.data
  const canTry = standing.attemptsLeft !== 0
  const start = () => {
    submit.reset()
    setMode({ name: 'taking', questions: shuffleOptions(check.questions) })
  }
  const startButton = canTry ? (
    // A click before the page's script has run would be lost.
    <Button onClick={start} disabled={!isHydrated}>
      {standing.attempts === 0 ? 'Start the knowledge check' : 'Try again'}
    </Button>
  ) : (
    <p className="text-sm text-muted-foreground">{NO_ATTEMPTS_LEFT_MESSAGE}</p>
  )

  if (mode.name === 'taking') {
    return (
      <KnowledgeCheckForm
        questions={mode.questions}
        isSubmitting={submit.isPending}
        error={submit.isError ? errorMessage(submit.error, 'Your answers could not be sent. Please try again.') : undefined}
        onCancel={() => setMode({ name: 'overview' })}
        onSubmit={(answers) => submit.mutate({ version: module.version, answers }, { onSuccess: () => setMode({ name: 'result' }) })}
      />
    )
  }
  if (mode.name === 'result' && standing.lastResult) {
    return (
      <KnowledgeCheckResult
        result={standing.lastResult}
        bestScore={standing.bestScore}
        attemptsLeft={standing.attemptsLeft}
        answersShownWhen={answersShownWhen(check.showAnswers, check.maxAttempts)}
        actions={startButton}
      />
    )
  }
  return (
    <div className="grid justify-items-start gap-3">
      <p>{attemptsLine(standing)}</p>
      <div className="flex flex-wrap gap-3">
        {startButton}
        {standing.lastResult && (
          <Button variant="outline" disabled={!isHydrated} onClick={() => setMode({ name: 'result' })}>
            Review your last attempt
          </Button>
        )}
      </div>
    </div>
  )
}

type Props = { module: LearnerModule; preview: boolean }

/**
 * The module's knowledge check, after its guide. The server renders it with the learner's standing
 * (the buttons work once the page has hydrated). A preview shows the questions without
 * the answers, as a learner is asked them, and records nothing.
 */
export function KnowledgeCheckCard({ module, preview }: Props) {
  const headingId = useId()
  const check = module.knowledgeCheck
  if (!check) return null
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="max-sm:p-4">
        <CardTitle id={headingId} className="flex items-center gap-2 text-lg">
          <ListChecks aria-hidden className="size-5 text-primary" />
          Check your knowledge
        </CardTitle>
        <CardDescription>{describe(check)}</CardDescription>
      </CardHeader>
      <CardContent className="max-sm:px-4 max-sm:pb-4">
        {preview ? (
          <ol className="grid list-decimal gap-2 pl-5">
            {check.questions.map((question) => (
              <li key={question.id}>
                {question.prompt}
                <span className="block text-sm text-muted-foreground">{question.options.map((option) => option.text).join(' · ')}</span>
              </li>
            ))}
          </ol>
        ) : (
          <LearnerKnowledgeCheck module={module} check={check} />
        )}
      </CardContent>
    </Card>
  )
}
