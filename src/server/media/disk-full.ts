/** Whether a write failed because the disk (or the tmpfs, the volume) has no space left. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (code === 'ENOSPC' || code === 'EDQUOT') return true
    current = current.cause
  }
  return false
}
