import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { HEADER_MESSAGE, readImportCsv } from './import-csv'

const refusal = (text: string) => {
  try {
    readImportCsv(text)
  } catch (error) {
    if (error instanceof AppError) return error.message
    throw error
  }
  throw new Error('not refused')
}

describe('readImportCsv', () => {
  it('reads RFC 4180: quoted commas, doubled quotes, line breaks inside quotes; each row with its line', () => {
    const text = 'email,full_name,role\r\nada@example.com,"Broker, Ada",user\r\nbo@example.com,"Bo ""The Closer""\nSmith",admin\r\n'
    expect(readImportCsv(text)).toEqual([
      { line: 2, cells: ['ada@example.com', 'Broker, Ada', 'user'] },
      { line: 4, cells: ['bo@example.com', 'Bo "The Closer"\nSmith', 'admin'] },
    ])
  })

  it('takes what spreadsheets write: a byte-order mark, a capitalised header, LF or CR line ends, blank lines', () => {
    const text = '\uFEFFEmail, Full_Name ,ROLE\nada@example.com,Ada,user\r\n\n,,\rbo@example.com,Bo,\n'
    expect(readImportCsv(text)).toEqual([
      { line: 2, cells: ['ada@example.com', 'Ada', 'user'] },
      { line: 5, cells: ['bo@example.com', 'Bo', ''] },
    ])
  })

  it('keeps a row with too few or too many columns for the row check to refuse', () => {
    expect(readImportCsv('email,full_name,role\nada@example.com\na,b,c,d\n').map((row) => row.cells.length)).toEqual([1, 4])
  })

  it.each([
    ['', HEADER_MESSAGE],
    ['ada@example.com,Ada,user\n', HEADER_MESSAGE],
    ['email,name,role\nada@example.com,Ada,user\n', HEADER_MESSAGE],
    ['email,full_name\nada@example.com,Ada\n', HEADER_MESSAGE],
    ['email,full_name,role\n\n', 'The file has no rows under the header.'],
  ])('refuses %j', (text, message) => {
    expect(refusal(text)).toBe(message)
  })

  it('refuses a quote left open, naming the line', () => {
    expect(refusal('email,full_name,role\nada@example.com,"Ada,user\n')).toMatch(/^The file is not valid CSV: .*line 2/)
  })

  it('takes 5,000 rows and refuses 5,001', () => {
    const rows = (n: number) => `email,full_name,role\n${Array.from({ length: n }, (_, i) => `u${i}@example.com,,user`).join('\n')}`
    expect(readImportCsv(rows(5000))).toHaveLength(5000)
    expect(refusal(rows(5001))).toBe('The file has 5,001 rows; one import takes at most 5,000.')
  })
})
