/**
 * Writing CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, a field quoted when it
 * holds a comma, a quote or a line break, quotes doubled).
 *
 * A spreadsheet runs a cell that starts with = + - @ as a formula, and some also a cell starting
 * with a tab or a carriage return: a learner named `=HYPERLINK(…)` must not become a link in an
 * admin's spreadsheet (CSV injection). Such a text cell gets a leading single quote, which
 * spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export type CsvCell = string | number | null | undefined

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  // Numbers are the report's own (counts, percent), never a formula.
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`
