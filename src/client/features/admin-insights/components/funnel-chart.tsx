import { Bar, BarChart, CartesianGrid, Cell, LabelList, XAxis, YAxis } from 'recharts'
import type { Funnel } from '../../../../shared/insights'
import { useFunnel } from '../api'
import type { InsightsFilter } from '../insights-filter'
import { ChartCard, ChartFigure, Highlight } from './chart-card'
import { AXIS_TICK, CHART_COLORS, formatPercent } from './chart-style'
import { DataTable } from './data-table'

const BAR_HEIGHT = 30

const summary = (funnel: Funnel) =>
  `Funnel: ${funnel.steps.map((step) => `${step.label} ${step.count}`).join(', ')}.${funnel.biggestDrop ? ` ${funnel.biggestDrop.sentence}.` : ''}`

/** Enrolled → signed in → started → each module completed → certificate, with the biggest drop named. */
export function FunnelChart({ filter }: { filter: InsightsFilter }) {
  const query = useFunnel(filter)
  return (
    <ChartCard
      title="Funnel"
      description="How far the learners who enrolled in the range have come: the count at each step and the share of the step before that it kept."
      query={query}
      hasData={(funnel) => funnel.steps[0]!.count > 0}
      empty={{ title: 'No learners in this range', hint: 'Learners appear here once their accounts are made: by a purchase, an import or an admin.' }}
      highlight={(funnel) => funnel.biggestDrop && <Highlight>Biggest drop: {funnel.biggestDrop.sentence}.</Highlight>}
      chart={(funnel) => {
        const data = funnel.steps.map((step) => ({
          ...step,
          caption: `${step.count.toLocaleString('en-US')}${step.key === funnel.biggestDrop?.toKey ? ' ▼ drop' : ''}`,
        }))
        return (
          <ChartFigure label={summary(funnel)} height={data.length * BAR_HEIGHT + 40}>
            <BarChart data={data} layout="vertical" responsive style={{ width: '100%', height: '100%' }} margin={{ right: 72 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} />
              <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
              <YAxis type="category" dataKey="label" width={128} tick={AXIS_TICK} interval={0} />
              <Bar dataKey="count" isAnimationActive={false}>
                {data.map((step) => (
                  <Cell key={step.key} fill={step.key === funnel.biggestDrop?.toKey ? CHART_COLORS.alert : CHART_COLORS.blue} />
                ))}
                <LabelList dataKey="caption" position="right" fill={CHART_COLORS.text} fontSize={12} />
              </Bar>
            </BarChart>
          </ChartFigure>
        )
      }}
      table={(funnel) => (
        <DataTable
          caption="Funnel"
          headings={['Step', 'Learners', 'Kept from the step before', 'Of the enrolled']}
          rows={funnel.steps.map((step) => [step.label, step.count.toLocaleString('en-US'), formatPercent(step.keptPercent), formatPercent(step.ofEnrolledPercent)])}
        />
      )}
    />
  )
}
