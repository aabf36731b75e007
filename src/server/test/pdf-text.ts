import { inflateSync } from 'node:zlib'

/**
 * The text drawn on a PDF's pages, read the way a PDF reader finds it: every content stream
 * inflated, every `<hex> Tj` / `(literal) Tj` string decoded (WinAnsi, which the standard fonts
 * use). Good enough for the certificate, which draws only standard-font text.
 */
export function pdfText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf)
  const lines: string[] = []
  let at = 0
  while ((at = raw.indexOf('stream', at)) !== -1) {
    let start = at + 'stream'.length
    if (raw[start] === 0x0d) start += 1
    if (raw[start] === 0x0a) start += 1
    const end = raw.indexOf('endstream', start)
    if (end === -1) break
    const data = raw.subarray(start, end)
    let content: string
    try {
      content = inflateSync(data).toString('latin1')
    } catch {
      content = data.toString('latin1')
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      lines.push(
        match[1] !== undefined
          ? Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1')
          : match[2]!.replace(/\\(.)/g, '$1'),
      )
    }
    at = end + 'endstream'.length
  }
  return lines
}
