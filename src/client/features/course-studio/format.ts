// Dates in the admin's own time zone: the server sends ISO 8601 in UTC.

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const dayOfYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

const dateTimeThisYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/** 'Nov 24, 2026, 2:02 PM'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

/** 'Nov 24, 2:02 PM' this year, 'Nov 24, 2025, 2:02 PM' before: a list's last change, kept short. */
export function formatRecent(iso: string, now = new Date()): string {
  const at = new Date(iso)
  return at.getFullYear() === now.getFullYear() ? dateTimeThisYear.format(at) : dateTime.format(at)
}

/** '14:02' today, '14:02 on Nov 23' another day: when someone else's change happened. */
export function formatChangeTime(iso: string, now = new Date()): string {
  const at = new Date(iso)
  const isToday = at.toDateString() === now.toDateString()
  return isToday ? timeOfDay.format(at) : `${timeOfDay.format(at)} on ${dayOfYear.format(at)}`
}
