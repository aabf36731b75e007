/** An inclusive byte range of a file, as HTTP counts them. */
export type ByteRange = { start: number; end: number }

/** Beyond this many ranges in one request the whole file is cheaper, and safer, to send. */
const MAX_RANGES = 16

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'partial'; ranges: ByteRange[] }
  | { kind: 'unsatisfiable' }

/**
 * Reads a `Range` header against a file of `size` bytes (HTTP's range requests, RFC 9110, section 14). A header that is not a
 * byte range set is ignored (the whole file); ranges past the end are dropped, and when none is
 * left the answer is 416. Overlapping and adjacent ranges are merged, in file order.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' }
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header)
  if (!match) return { kind: 'whole' }
  const specs = match[1]!.split(',').map((spec) => spec.trim()).filter(Boolean)
  if (specs.length === 0 || specs.length > MAX_RANGES) return { kind: 'whole' }
  const ranges: ByteRange[] = []
  for (const spec of specs) {
    const parts = /^(\d*)-(\d*)$/.exec(spec)
    if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'whole' }
    if (parts[1] === '') {
      const suffix = Number(parts[2])
      if (suffix > 0 && size > 0) ranges.push({ start: Math.max(0, size - suffix), end: size - 1 })
      continue
    }
    const start = Number(parts[1])
    if (parts[2] !== '' && Number(parts[2]) < start) return { kind: 'whole' }
    const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1)
    if (start < size) ranges.push({ start, end })
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' }
  ranges.sort((a, b) => a.start - b.start)
  const merged: ByteRange[] = []
  for (const range of ranges) {
    const last = merged.at(-1)
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end)
    else merged.push({ ...range })
  }
  return { kind: 'partial', ranges: merged }
}
