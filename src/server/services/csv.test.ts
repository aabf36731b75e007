import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './csv'

describe('CSV cells', () => {
  it('quotes a field with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('')).toBe('')
    expect(csvCell(null)).toBe('')
  })

  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20', "'+44 20"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('a text cell starting like a formula, %j, is made plain text', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('leaves the report’s own numbers alone and a formula character inside a value', () => {
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell(75)).toBe('75')
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n')
  })
})
