import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { certificateCompletedLine } from '../../shared/course/certificate-wording'
import { formatCertificateDate } from '../../shared/course/dates'

export type CertificatePdfInput = {
  id: string
  recipientName: string
  courseName: string
  tagline: string
  completedAt: Date
  /** How many modules the course had when the certificate was issued: what it certifies. */
  moduleCount: number
  verifyUrl: string
  /** When it expires; null or absent, it does not (docs/decisions/0094-certificate-renewal.md). */
  expiresAt?: Date | null
}

const NAVY = rgb(0.12, 0.23, 0.37)
const GOLD = rgb(0.78, 0.6, 0.18)
const INK = rgb(0.2, 0.22, 0.27)
const MUTED = rgb(0.42, 0.45, 0.5)

/**
 * The standard PDF fonts cover Latin-1 (WinAnsi) only. A character outside it is written
 * without its accent when it has one (ő → o), otherwise as '?', so an unusual name never
 * stops the certificate from being made.
 */
export function toFontCharset(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet())
  return Array.from(text)
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char
      const base = char.normalize('NFD').replace(/\p{M}/gu, '')
      return base && Array.from(base).every((c) => supported.has(c.codePointAt(0)!)) ? base : '?'
    })
    .join('')
}

type Line = { text: string; font: PDFFont; size: number; y: number; color: ReturnType<typeof rgb>; maxWidth?: number }

function drawCentered(page: PDFPage, { text, font, size, y, color, maxWidth }: Line) {
  const safe = toFontCharset(text, font)
  let fitted = size
  // Long names and course names shrink to fit the frame rather than run off the page.
  while (maxWidth && fitted > 10 && font.widthOfTextAtSize(safe, fitted) > maxWidth) fitted -= 1
  const width = font.widthOfTextAtSize(safe, fitted)
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size: fitted, font, color })
}

/** The certificate of completion, one landscape Letter page, made on the server (docs/decisions/0003-certificate-pdf-and-verify-page.md). */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Certificate of Completion - ${input.courseName}`)
  pdf.setSubject(`${input.courseName}: ${input.tagline}`)
  pdf.setAuthor(input.tagline)
  pdf.setCreator(input.courseName)
  pdf.setKeywords([input.id])
  pdf.setCreationDate(input.completedAt)

  const page = pdf.addPage([792, 612])
  const { width, height } = page.getSize()
  const serif = await pdf.embedFont(StandardFonts.TimesRoman)
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold)
  const serifItalic = await pdf.embedFont(StandardFonts.TimesRomanItalic)
  const sans = await pdf.embedFont(StandardFonts.Helvetica)
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold)

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: NAVY, borderWidth: 4 })
  page.drawRectangle({ x: 36, y: 36, width: width - 72, height: height - 72, borderColor: GOLD, borderWidth: 1.5 })

  const lines: Line[] = [
    { text: 'CERTIFICATE OF COMPLETION', font: sansBold, size: 30, y: 490, color: NAVY },
    { text: 'This certifies that', font: serifItalic, size: 16, y: 440, color: MUTED },
    { text: input.recipientName, font: serifBold, size: 36, y: 390, color: INK, maxWidth: 640 },
    { text: certificateCompletedLine(input.moduleCount), font: serif, size: 16, y: 345, color: MUTED },
    { text: input.courseName, font: sansBold, size: 24, y: 305, color: NAVY, maxWidth: 640 },
    { text: input.tagline, font: serifItalic, size: 16, y: 278, color: GOLD, maxWidth: 640 },
    {
      text: `Completed on ${formatCertificateDate(input.completedAt)}${input.expiresAt ? ` · Valid until ${formatCertificateDate(input.expiresAt)}` : ''}`,
      font: serif,
      size: 16,
      y: 225,
      color: INK,
    },
  ]
  for (const line of lines) drawCentered(page, line)

  page.drawLine({ start: { x: 196, y: 200 }, end: { x: width - 196, y: 200 }, thickness: 0.75, color: GOLD })
  drawCentered(page, { text: `Certificate ID: ${input.id}`, font: sans, size: 11, y: 110, color: INK })
  drawCentered(page, { text: `Verify at ${input.verifyUrl}`, font: sans, size: 10, y: 92, color: MUTED, maxWidth: 680 })

  return pdf.save()
}
