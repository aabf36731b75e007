import { Link } from 'react-router'
import { Bar, BarChart, CartesianGrid, LabelList, Legend, XAxis, YAxis } from 'recharts'
import type { Checks } from '../../../../shared/insights'
import { adminPaths } from '../../../../shared/admin-paths'
import { useChecks } from '../api'
import type { InsightsFilter } from '../insights-filter'
import { ChartCard, ChartFigure } from './chart-card'
import { AXIS_TICK, CHART_COLORS, formatPercent } from './chart-style'
import { DataTable } from './data-table'

const summary = (checks: Checks) =>
  `Knowledge checks: ${checks.modules
    .filter((module) => module.learners > 0)
    .map((module) => `module ${module.moduleNumber}, ${formatPercent(module.firstAttemptPassPercent)} passed the first attempt, average best ${formatPercent(module.averageBestScore)}`)
    .join('; ')}.`

function MostMissed({ checks }: { checks: Checks }) {
  if (checks.mostMissed.length === 0) return null
  return (
    <section aria-labelledby="most-missed" className="grid gap-2">
      <h3 id="most-missed" className="font-semibold">
        Most often answered wrong
      </h3>
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        {checks.mostMissed.map((question) => (
          <li key={`${question.moduleId}/${question.questionId}`}>
            <Link className="font-medium underline underline-offset-4" to={`${adminPaths.courseQuestions}#questions-${question.moduleId}`}>
              Module {question.moduleNumber}, question {question.questionNumber}
            </Link>
            : “{question.prompt}”. {question.wrongAnswers} wrong {question.wrongAnswers === 1 ? 'answer' : 'answers'} in {question.attempts}{' '}
            {question.attempts === 1 ? 'attempt' : 'attempts'}.
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Per module: first-attempt pass rate and average best score; and the three questions most often missed. */
export function ChecksChart({ filter }: { filter: InsightsFilter }) {
  const query = useChecks(filter)
  return (
    <ChartCard
      title="Knowledge checks"
      description="Per module, of the learners who took its knowledge check: the share who passed at the first attempt, and their average best score."
      query={query}
      hasData={(checks) => checks.modules.some((module) => module.learners > 0)}
      empty={{ title: 'No knowledge check taken yet', hint: 'Results appear once learners submit a knowledge check.' }}
      chart={(checks) => {
        const data = checks.modules.map((module) => ({ ...module, name: `M${module.moduleNumber}` }))
        return (
          <>
            <ChartFigure label={summary(checks)} height={300}>
              <BarChart data={data} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
                <XAxis dataKey="name" tick={AXIS_TICK} />
                <YAxis domain={[0, 100]} unit=" %" tick={AXIS_TICK} width={48} />
                <Legend />
                <Bar dataKey="firstAttemptPassPercent" name="Passed first attempt (%)" fill={CHART_COLORS.blue} isAnimationActive={false}>
                  <LabelList dataKey="firstAttemptPassPercent" position="top" fill={CHART_COLORS.text} fontSize={11} />
                </Bar>
                <Bar dataKey="averageBestScore" name="Average best score (%)" fill={CHART_COLORS.green} isAnimationActive={false}>
                  <LabelList dataKey="averageBestScore" position="top" fill={CHART_COLORS.text} fontSize={11} />
                </Bar>
              </BarChart>
            </ChartFigure>
            <MostMissed checks={checks} />
          </>
        )
      }}
      table={(checks) => (
        <>
          <DataTable
            caption="Knowledge checks per module"
            headings={['Module', 'Learners', 'Passed first attempt', 'Average best score']}
            rows={checks.modules.map((module) => [
              `Module ${module.moduleNumber}: ${module.title}`,
              module.learners,
              formatPercent(module.firstAttemptPassPercent),
              formatPercent(module.averageBestScore),
            ])}
          />
          <MostMissed checks={checks} />
        </>
      )}
    />
  )
}
