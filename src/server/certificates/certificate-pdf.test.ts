import { describe, expect, it } from 'vitest'
import { pdfText } from '../test/pdf-text'
import { renderCertificatePdf } from './certificate-pdf'

const base = {
  id: 'SWS-ABCDE-FGHJK-MNPQR-STVWX',
  courseName: 'CRM Training Course',
  tagline: 'Success Without Sacrifice',
  completedAt: new Date('2025-03-05T23:30:00Z'),
  moduleCount: 8,
  verifyUrl: 'https://portal.example.com/verify/SWS-ABCDE-FGHJK-MNPQR-STVWX',
}

describe('renderCertificatePdf', () => {
  it('prints the completion day in UTC, whatever the server’s time zone', async () => {
    const text = pdfText(await renderCertificatePdf({ ...base, recipientName: 'Ada Broker' }))
    expect(text).toContain('Completed on March 5, 2025')
    expect(text).toContain('Ada Broker')
  })

  it('says how many modules the course had when the certificate was issued', async () => {
    expect(pdfText(await renderCertificatePdf({ ...base, recipientName: 'Ada Broker' }))).toContain(
      'has successfully completed all eight modules of',
    )
    const nine = pdfText(await renderCertificatePdf({ ...base, recipientName: 'Ada Broker', moduleCount: 9 }))
    expect(nine).toContain('has successfully completed all nine modules of')
    const many = pdfText(await renderCertificatePdf({ ...base, recipientName: 'Ada Broker', moduleCount: 21 }))
    expect(many).toContain('has successfully completed all twenty-one modules of')
  })

  it('keeps Latin-1 names as they are and still makes a certificate for names beyond the standard fonts', async () => {
    const latin = pdfText(await renderCertificatePdf({ ...base, recipientName: 'Zoë Müller-Ñúñez' }))
    expect(latin).toContain('Zoë Müller-Ñúñez')
    const beyond = pdfText(await renderCertificatePdf({ ...base, recipientName: 'Łukasz Őrsi 李' }))
    expect(beyond).toContain('?ukasz Orsi ?')
  })

  it('shrinks a very long name to fit instead of failing', async () => {
    const name = 'Maximiliana Alexandrina Konstantinopoulou-Vanderbilt-Featherstonehaugh'
    expect(pdfText(await renderCertificatePdf({ ...base, recipientName: name }))).toContain(name)
  })
})
