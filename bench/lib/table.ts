// The one table `npm run bench` prints: figure, value, baseline, ratio, target, pass/fail.
import os from 'node:os'

export type Row = {
  figure: string
  value: string
  baseline?: string
  ratio?: string
  target?: string
  /** undefined: no target (shown for context). */
  pass?: boolean
}

export const ms = (value: number) => `${Math.round(value * 10) / 10} ms`
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')}/s`
export const percent = (value: number) => `${(value * 100).toFixed(1)} %`
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export function machine(): string {
  const [one, five] = os.loadavg()
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min)`
}

/** A Markdown table, so the output can go straight into docs/performance.md. */
export function formatTable(rows: Row[]): string {
  const cells = [
    ['Figure', 'Value', 'Baseline', 'Ratio', 'Target', 'Result'],
    ...rows.map((row) => [
      row.figure,
      row.value,
      row.baseline ?? '',
      row.ratio ?? '',
      row.target ?? '',
      row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
    ]),
  ]
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  return [line(cells[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n')
}
