import { describe, expect, it } from 'vitest'
import { CERTIFICATE_ID_PATTERN } from '../../shared/schemas/progress'
import { newCertificateId } from './certificate'

describe('newCertificateId', () => {
  // Ids are drawn from a pool of random bytes refilled every 128 ids: 1,000 span several refills.
  const ids = Array.from({ length: 1_000 }, () => newCertificateId())

  it('gives ids in the form the verify page and the API accept', () => {
    for (const id of ids) expect(id).toMatch(CERTIFICATE_ID_PATTERN)
  })

  it('never gives the same id twice, across refills of its random bytes', () => {
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('uses all 32 symbols of the alphabet', () => {
    const symbols = new Set(ids.join('').replace(/SWS|-/g, ''))
    expect(symbols.size).toBe(32)
  })
})
