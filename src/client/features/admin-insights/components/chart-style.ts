/**
 * The charts' colours: each at least 4.5:1 against the white card (WCAG 1.4.11 asks 3:1 of a
 * graphic), and never the only difference: series also differ in dash pattern and marker, and
 * every bar carries its number.
 */
export const CHART_COLORS = {
  blue: '#1d4ed8',
  green: '#047857',
  amber: '#b45309',
  /** What stands out: the biggest drop, the fastest drop-off. */
  alert: '#b91c1c',
  grid: '#d4d4d8',
  text: '#3f3f46',
} as const

export const AXIS_TICK = { fill: CHART_COLORS.text, fontSize: 12 }

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** "7 Sep": a week's Monday on an axis. */
export const shortDate = (day: string) => SHORT_DATE.format(new Date(`${day}T00:00:00Z`))

export const formatPercent = (value: number | null) => (value === null ? '—' : `${value} %`)
