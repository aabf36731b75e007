import { CsvError, parse } from 'csv-parse/sync'
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '../../shared/schemas/imports'
import { AppError } from '../errors'

export type CsvRow = { line: number; cells: string[] }

export const HEADER_MESSAGE = `The first line must be the header ${IMPORT_COLUMNS.join(',')}`

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'file', message }])

/**
 * The rows of an import file, under its required header. RFC 4180 (quoted fields may hold
 * commas, quotes and line breaks) with what spreadsheets also write: a byte-order mark, LF or CR
 * line ends. Blank lines are skipped. Problems with the file as a whole refuse it; problems with
 * a row are the row's (see user-import).
 */
export function readImportCsv(text: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // With `info`, each record comes with where it ended; the library's types leave that out.
    records = parse(text, {
      bom: true,
      info: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records
  } catch (error) {
    if (error instanceof CsvError) throw refuse(`The file is not valid CSV: ${error.message}`)
    throw error
  }
  const [header, ...body] = records
  const columns = header?.record.map((cell) => cell.trim().toLowerCase())
  if (!columns || columns.join(',') !== IMPORT_COLUMNS.join(',')) throw refuse(HEADER_MESSAGE)

  const rows = body
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
    .map(({ record, info }) => ({ line: info.lines, cells: record }))
  if (rows.length === 0) throw refuse('The file has no rows under the header.')
  if (rows.length > IMPORT_MAX_ROWS) {
    throw refuse(
      `The file has ${rows.length.toLocaleString('en-US')} rows; one import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}.`,
    )
  }
  return rows
}
