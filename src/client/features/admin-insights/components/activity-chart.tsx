import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import type { Activity } from '../../../../shared/insights'
import { useActivity } from '../api'
import type { InsightsFilter } from '../insights-filter'
import { ChartCard, ChartFigure } from './chart-card'
import { AXIS_TICK, CHART_COLORS, shortDate } from './chart-style'
import { DataTable } from './data-table'

const SERIES = [
  { key: 'newLearners', name: 'New learners', color: CHART_COLORS.blue, dash: undefined, dot: { r: 3 } },
  { key: 'activeLearners', name: 'Active learners', color: CHART_COLORS.green, dash: '6 4', dot: { r: 4, strokeWidth: 2, fill: '#ffffff' } },
  { key: 'completions', name: 'Certificates', color: CHART_COLORS.amber, dash: '2 3', dot: { r: 3, fill: CHART_COLORS.amber } },
] as const

const median = (activity: Activity) =>
  activity.medianDaysToCertificate === null
    ? 'No certificate in this range yet.'
    : `Median time from first sign-in to certificate: ${activity.medianDaysToCertificate} days (${activity.certificatesMeasured} ${activity.certificatesMeasured === 1 ? 'certificate' : 'certificates'}).`

const total = (activity: Activity, key: (typeof SERIES)[number]['key']) => activity.weeks.reduce((sum, week) => sum + week[key], 0)

/** New learners, active learners and certificates per week, and the median days to the certificate. */
export function ActivityChart({ filter }: { filter: InsightsFilter }) {
  const query = useActivity(filter)
  return (
    <ChartCard
      title="Over time"
      description="Per week (Monday to Sunday, UTC): learners who enrolled, who were active (signed in, completed a module, took a knowledge check or watched a video) and who earned the certificate."
      query={query}
      hasData={(activity) => activity.weeks.some((week) => week.newLearners + week.activeLearners + week.completions > 0)}
      empty={{ title: 'No activity in this range', hint: 'Each week fills in as learners enrol, sign in and work through the course.' }}
      highlight={(activity) => <p className="text-sm">{median(activity)}</p>}
      chart={(activity) => (
        <ChartFigure
          label={`Weekly activity from ${shortDate(activity.from)} to ${shortDate(activity.to)}: ${total(activity, 'newLearners')} new learners, ${total(activity, 'completions')} certificates. ${median(activity)}`}
          height={300}
        >
          <LineChart data={activity.weeks} responsive style={{ width: '100%', height: '100%' }} margin={{ right: 16 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART_COLORS.grid} />
            <XAxis dataKey="weekStart" tickFormatter={shortDate} tick={AXIS_TICK} minTickGap={16} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} />
            <Tooltip labelFormatter={(day) => `Week of ${shortDate(String(day))}`} />
            <Legend />
            {SERIES.map((series) => (
              <Line
                key={series.key}
                dataKey={series.key}
                name={series.name}
                stroke={series.color}
                strokeWidth={2}
                strokeDasharray={series.dash}
                dot={{ ...series.dot, stroke: series.color }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ChartFigure>
      )}
      table={(activity) => (
        <DataTable
          caption="Activity per week"
          headings={['Week of', ...SERIES.map((series) => series.name)]}
          rows={activity.weeks.map((week) => [shortDate(week.weekStart), week.newLearners, week.activeLearners, week.completions])}
        />
      )}
    />
  )
}
