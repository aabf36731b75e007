const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`

/**
 * When, roughly: "just now", "5 minutes ago", "3 days ago"; past a month, the date ("on Nov 24,
 * 2026"). A session's times are approximate anyway (docs/decisions/0085-session-list.md).
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return count(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return count(hours, 'hour')
  const days = Math.floor(hours / 24)
  if (days < 30) return count(days, 'day')
  return `on ${longDate.format(new Date(iso))}`
}
