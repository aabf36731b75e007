import { LockKeyhole } from 'lucide-react'
import { lockSentence } from '../../../../shared/course/schedule'
import { useModuleLocks, useScheduleQuery } from '../schedule'

/** The first locked module and why, once the course and progress are at hand. */
function NextLockedModule() {
  const [first] = useModuleLocks()
  if (!first) return null
  const [moduleNumber, lock] = first
  const text = `Module ${moduleNumber}: ${lockSentence(lock)}`
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-xs text-sidebar-foreground/90" title={text}>
      <LockKeyhole aria-hidden className="size-5 shrink-0" />
      {/* Collapsed, the menu shows the icon; the words stay for a screen reader. */}
      <span className="group-data-[state=collapsed]/sidebar:sr-only">{text}</span>
    </li>
  )
}

/**
 * The side menu's line about the course's schedule: the next module to open and when, or what to
 * finish first (docs/decisions/0090-course-schedule.md). Nothing while the schedule is off, and then
 * it reads neither the course nor the progress.
 */
export function ScheduleNote() {
  const schedule = useScheduleQuery().data
  if (!schedule || schedule.mode === 'all' || schedule.isLifted) return null
  return <NextLockedModule />
}
