import { useId, useState } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Line, LineChart, XAxis, YAxis } from 'recharts'
import { pointPercent, RETENTION_POINTS, type LessonRetention, type VideoInsights } from '../../../../shared/insights'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useVideoInsights } from '../api'
import type { InsightsFilter } from '../insights-filter'
import { ChartCard, ChartFigure, Highlight } from './chart-card'
import { AXIS_TICK, CHART_COLORS, formatPercent } from './chart-style'
import { DataTable } from './data-table'

const keyOf = (lesson: Pick<LessonRetention, 'moduleId' | 'lessonId'>) => `${lesson.moduleId}/${lesson.lessonId}`
const shortName = (lesson: LessonRetention) => `M${lesson.moduleNumber} L${lesson.lessonNumber}`
const longName = (lesson: LessonRetention) => `Module ${lesson.moduleNumber}, lesson ${lesson.lessonNumber}: ${lesson.lessonTitle}`

/** The lesson the retention curve shows first: the one viewers leave fastest, else the first watched. */
const firstShown = (video: VideoInsights) =>
  video.fastestDropOff ? keyOf(video.fastestDropOff) : keyOf(video.lessons.find((lesson) => lesson.viewers > 0) ?? video.lessons[0]!)

function Retention({ video }: { video: VideoInsights }) {
  const selectId = useId()
  const watched = video.lessons.filter((lesson) => lesson.viewers > 0)
  const [chosen, setChosen] = useState(() => firstShown(video))
  const lesson = watched.find((candidate) => keyOf(candidate) === chosen) ?? watched[0]!
  const isFastest = video.fastestDropOff !== null && keyOf(video.fastestDropOff) === keyOf(lesson)
  const data = lesson.retention.map((percent, index) => ({ point: `${pointPercent(index)} %`, percent }))
  return (
    <section aria-labelledby={`${selectId}-heading`} className="grid gap-3">
      <h3 id={`${selectId}-heading`} className="font-semibold">
        Retention: who is still watching
      </h3>
      <div className="grid max-w-md gap-2">
        <Label htmlFor={selectId}>Lesson</Label>
        <Select value={keyOf(lesson)} onValueChange={setChosen}>
          <SelectTrigger id={selectId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {watched.map((candidate) => (
              <SelectItem key={keyOf(candidate)} value={keyOf(candidate)}>
                {longName(candidate)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <ChartFigure
        label={`Retention of ${longName(lesson)}, ${lesson.viewers} viewers: ${data.map((row) => `${row.percent} % at ${row.point}`).join(', ')}.`}
        height={260}
      >
        <LineChart data={data} responsive style={{ width: '100%', height: '100%' }} margin={{ right: 16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} />
          <XAxis dataKey="point" tick={AXIS_TICK} interval={3} />
          <YAxis domain={[0, 100]} unit=" %" tick={AXIS_TICK} width={48} />
          <Line dataKey="percent" name="Still watching" stroke={isFastest ? CHART_COLORS.alert : CHART_COLORS.blue} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ChartFigure>
      <p className="text-sm text-muted-foreground">
        Half the viewers have stopped {lesson.halfGoneAtPercent === null ? 'at no point: most watch to the end' : `by ${lesson.halfGoneAtPercent} % of the video`}.
      </p>
    </section>
  )
}

/** Per lesson video: how much the average viewer watched, and a retention curve from the watched ranges. */
export function VideoChart({ filter }: { filter: InsightsFilter }) {
  const query = useVideoInsights(filter)
  return (
    <ChartCard
      title="Video"
      description="Per lesson with a video: how much of it the average viewer watched, and how many are still watching at each point of it."
      query={query}
      hasData={(video) => video.lessons.some((lesson) => lesson.viewers > 0)}
      empty={{ title: 'No video watched yet', hint: 'Add a video to a lesson in the course editor; the charts fill in as learners play them.' }}
      highlight={(video) => video.fastestDropOff && <Highlight>{video.fastestDropOff.sentence}</Highlight>}
      chart={(video) => {
        const data = video.lessons.map((lesson) => ({ ...lesson, name: shortName(lesson), value: lesson.averagePercentWatched ?? 0 }))
        const fastest = video.fastestDropOff && keyOf(video.fastestDropOff)
        return (
          <>
            <ChartFigure
              label={`Average watched per lesson: ${video.lessons.map((lesson) => `${shortName(lesson)} ${formatPercent(lesson.averagePercentWatched)}`).join(', ')}.`}
              height={260}
            >
              <BarChart data={data} responsive style={{ width: '100%', height: '100%' }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
                <XAxis dataKey="name" tick={AXIS_TICK} />
                <YAxis domain={[0, 100]} unit=" %" tick={AXIS_TICK} width={48} />
                <Bar dataKey="value" name="Average watched (%)" isAnimationActive={false}>
                  {data.map((lesson) => (
                    <Cell key={keyOf(lesson)} fill={keyOf(lesson) === fastest ? CHART_COLORS.alert : CHART_COLORS.blue} />
                  ))}
                  <LabelList dataKey="value" position="top" fill={CHART_COLORS.text} fontSize={11} formatter={(value) => `${String(value)} %`} />
                </Bar>
              </BarChart>
            </ChartFigure>
            <Retention video={video} />
          </>
        )
      }}
      table={(video) => (
        <>
          <DataTable
            caption="Video per lesson"
            headings={['Lesson', 'Viewers', 'Average watched', 'Half gone by']}
            rows={video.lessons.map((lesson) => [longName(lesson), lesson.viewers, formatPercent(lesson.averagePercentWatched), formatPercent(lesson.halfGoneAtPercent)])}
          />
          <DataTable
            caption="Retention per lesson: the percent of viewers still watching at each point of the video"
            headings={['Lesson', ...Array.from({ length: RETENTION_POINTS }, (_, index) => `${pointPercent(index)} %`)]}
            rows={video.lessons.filter((lesson) => lesson.viewers > 0).map((lesson) => [shortName(lesson), ...lesson.retention.map((percent) => `${percent} %`)])}
          />
        </>
      )}
    />
  )
}
