/** A position in a video as a player shows it: 4:12, or 1:02:07 past an hour. */
export function formatPosition(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const seconds = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** Spoken form for a screen reader: "4 minutes 12 seconds". */
export function spokenPosition(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds))
  const parts: [number, string][] = [
    [Math.floor(whole / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ]
  const spoken = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value} ${unit}${value === 1 ? '' : 's'}`)
  return spoken.length > 0 ? spoken.join(' ') : '0 seconds'
}
