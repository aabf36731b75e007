import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { QuestionStat } from '../../../../shared/course/admin-api-types'
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { useQuestionStats } from '../api'

/** Below this share right the first time, a question is marked: its lesson may need rework. */
const LOW_SHARE = 60

function RightFirstTime({ stat }: { stat: QuestionStat }) {
  if (stat.rightFirstTimePercent === null) return <span className="text-muted-foreground">—</span>
  const isLow = stat.rightFirstTimePercent < LOW_SHARE
  return (
    <span className={cn('tabular-nums', isLow && 'font-semibold text-destructive')}>
      {stat.rightFirstTimePercent} %{isLow && <span className="sr-only"> (low)</span>}
      <span className="block text-xs font-normal text-muted-foreground">
        {stat.rightFirstTime} of {stat.answeredBy}
      </span>
    </span>
  )
}

/**
 * The Course section's Questions view: each knowledge check question of the published course, how
 * many learners answered it and the share right the first time, so the owner sees which lesson
 * needs rework.
 */
export function QuestionStatsView() {
  const stats = useQuestionStats()
  useEffect(() => {
    if (stats.isError) notify.error(adminFailure(stats.error, 'Failed to load the questions'))
  }, [stats.isError, stats.error])
  const data = stats.data
  // A link from the Insights names a module (#questions-m3): show it once the questions are there.
  const { hash } = useLocation()
  useEffect(() => {
    if (data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [data, hash])

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Questions</CardTitle>
        <CardDescription>
          How learners first answered each knowledge check question{data ? ` of version ${data.version}` : ''}. Questions fewer than{' '}
          {LOW_SHARE} % got right the first time are marked: their lesson may need rework.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 max-sm:px-4">
        {stats.isPending ? (
          <ListLoading label="Loading the questions" />
        ) : !data ? (
          <ListLoadFailed message="Failed to load the questions" onRetry={() => void stats.refetch()} />
        ) : data.modules.length === 0 ? (
          <ListEmpty title="No knowledge checks yet" hint="Add one to a module in its editor, then publish." />
        ) : (
          data.modules.map((module) => (
            <section key={module.id} aria-labelledby={`questions-${module.id}`} className="grid min-w-0 gap-3">
              <h3 id={`questions-${module.id}`} className="text-lg font-semibold">
                Module {module.moduleNumber}: {module.title}
              </h3>
              <table className="w-full text-left text-sm">
                <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="p-2 font-medium">
                      Question
                    </th>
                    <th scope="col" className="w-20 p-2 text-right font-medium sm:w-28">
                      Answered by
                    </th>
                    <th scope="col" className="w-24 p-2 text-right font-medium sm:w-32">
                      Right first time
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {module.questions.map((question) => (
                    <tr key={question.id} className="border-b align-top last:border-0">
                      <td className="p-2 break-words">{question.prompt}</td>
                      <td className="p-2 text-right tabular-nums">{question.answeredBy}</td>
                      <td className="p-2 text-right">
                        <RightFirstTime stat={question} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))
        )}
      </CardContent>
    </Card>
  )
}
