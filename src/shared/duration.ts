/**
 * A video's length as the portal writes it everywhere (the lesson's Duration, the uploaded file's
 * length in the editor, the upload's time left): "6 sec" under a minute, "5 min" under an hour
 * (to the nearest minute, as the course's lessons are written), "1 h 5 min" beyond.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  if (seconds < 60) return `${Math.max(1, seconds)} sec`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const rest = minutes % 60
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`
}
