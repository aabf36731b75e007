import { CalendarClock } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { SCHEDULE_MODES, type ScheduleMode, type ScheduleSettings } from '../../../../shared/course/schedule'
import { DRIP_DAYS_MESSAGE, DRIP_NEEDS_A_DAY_MESSAGE, isDripWithoutADay, MAX_DRIP_DAYS } from '../../../../shared/schemas/course-schedule'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useSaveSchedule, useScheduleSettings } from '../api'

const modeText: Record<ScheduleMode, { label: string; hint: string }> = {
  all: { label: 'All at once', hint: 'Every module is open from the start.' },
  'in-order': { label: 'In order', hint: 'A module opens once the one before it is complete (its knowledge check passed, where one must be).' },
  drip: { label: 'Drip', hint: 'Each module opens a number of days after the learner’s first sign-in.' },
}

/** The days fields' text, by module id: what the admin typed, checked on save. */
type DaysText = Record<string, string>

const isDays = (text: string) => /^\d+$/.test(text) && Number(text) <= MAX_DRIP_DAYS

function ScheduleForm({ settings }: { settings: ScheduleSettings }) {
  const save = useSaveSchedule()
  const [mode, setMode] = useState<ScheduleMode>(settings.mode)
  const [days, setDays] = useState<DaysText>(() =>
    Object.fromEntries(settings.modules.map((module) => [module.id, String(settings.dripDays[module.id] ?? 0)])),
  )
  const invalid = new Set(Object.entries(days).flatMap(([id, text]) => (isDays(text) ? [] : [id])))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (invalid.size > 0) return notify.error(DRIP_DAYS_MESSAGE)
    const dripDays = Object.fromEntries(Object.entries(days).map(([id, text]) => [id, Number(text)]))
    if (isDripWithoutADay({ mode, dripDays })) return notify.error(DRIP_NEEDS_A_DAY_MESSAGE)
    save.mutate(
      { mode, dripDays },
      {
        onSuccess: () => notify.success('Schedule saved'),
        onError: (error) => notify.error(adminFailure(error, 'Failed to save the schedule')),
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">How modules open</legend>
        {SCHEDULE_MODES.map((value) => (
          <label key={value} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
            <input type="radio" name="schedule-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="mt-1 size-4" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{modeText[value].label}</span>
              <span className="text-sm text-muted-foreground">{modeText[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode === 'drip' && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Days after the learner’s first sign-in</legend>
          {settings.modules.map((module) => (
            <div key={module.id} className="grid gap-1 sm:grid-cols-[1fr_8rem] sm:items-center">
              <label htmlFor={`drip-${module.id}`} className="text-sm">
                Module {module.moduleNumber}: {module.title}
              </label>
              <Input
                id={`drip-${module.id}`}
                inputMode="numeric"
                value={days[module.id] ?? ''}
                aria-invalid={invalid.has(module.id) || undefined}
                aria-describedby={invalid.has(module.id) ? `drip-${module.id}-error` : undefined}
                onChange={(event) => setDays({ ...days, [module.id]: event.target.value.trim() })}
              />
              {invalid.has(module.id) && (
                <p id={`drip-${module.id}-error`} className="text-sm text-destructive sm:col-span-2">
                  {DRIP_DAYS_MESSAGE}
                </p>
              )}
            </div>
          ))}
        </fieldset>
      )}
      <p className="text-sm text-muted-foreground">A module a learner has completed stays open to them whatever you choose.</p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Schedule'}
        </Button>
      </div>
    </form>
  )
}

/** The Course section's schedule: how the published modules open to learners (docs/decisions/0090-course-schedule.md). */
export function ScheduleEditor() {
  const settings = useScheduleSettings()
  return (
    <Card className="mt-6 min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden className="size-5" />
          Course Schedule
        </CardTitle>
        <CardDescription>When each module of the published course opens to a learner.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <ListLoading label="Loading the schedule" />
        ) : !settings.data ? (
          <ListLoadFailed message="Failed to load the schedule" onRetry={() => void settings.refetch()} />
        ) : (
          // Keyed by the saved revision's content: a save elsewhere starts the form again from it.
          <ScheduleForm key={JSON.stringify([settings.data.mode, settings.data.dripDays])} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  )
}
