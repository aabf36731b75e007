import { useId } from 'react'
import { INSIGHTS_SOURCES, type InsightsSource } from '../../../../shared/schemas/insights'
import { DateField } from '../../../components/ui/date-field'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { datesOf, RANGES, SOURCE_LABELS, type InsightsFilter, type RangeChoice } from '../insights-filter'

type FiltersProps = { filter: InsightsFilter; onChange: (next: Partial<InsightsFilter>) => void }

function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`))

/** Whom the charts count, in words: the range and the source. */
function describe(filter: InsightsFilter): string {
  const dates = datesOf(filter)
  const source = filter.source === 'all' ? '' : ` (${SOURCE_LABELS[filter.source].toLowerCase()})`
  if (filter.range === 'custom' && !dates) return 'Choose both dates of the range; until then the charts count every learner.'
  return dates
    ? `Learners who enrolled from ${day(dates.from)} to ${day(dates.to)}${source}; the weekly chart shows those weeks.`
    : `Every learner${source}; the weekly chart shows the last 12 weeks.`
}

/** The range and the purchase source every chart of the Insights counts. */
export function InsightsFilters({ filter, onChange }: FiltersProps) {
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_14rem_10rem_10rem] lg:items-end">
        <Choice<RangeChoice> label="Range" value={filter.range} options={RANGES} onChange={(range) => onChange({ range })} />
        <Choice<InsightsSource>
          label="Source"
          value={filter.source}
          options={INSIGHTS_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))}
          onChange={(source) => onChange({ source })}
        />
        {filter.range === 'custom' && (
          <>
            <DateField label="From" value={filter.from} max={filter.to} onChange={(from) => onChange({ from })} />
            <DateField label="To" value={filter.to} min={filter.from} onChange={(to) => onChange({ to })} />
          </>
        )}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {describe(filter)}
      </p>
    </div>
  )
}
