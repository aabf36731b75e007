// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CertificateRenewal as Renewal, CertificateResponse } from '../../../../shared/course/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { CertificateRenewal } from './certificate-renewal'

const certificateWith = (renewal: Partial<Renewal>): CertificateResponse => ({
  id: 'SWS-AAAAA-BBBBB-CCCCC-DDDDD',
  recipientName: 'Ada Broker',
  courseName: 'CRM Training Course',
  tagline: 'Success Without Sacrifice',
  completedAt: '2025-12-01T10:00:00.000Z',
  moduleCount: 8,
  verifyUrl: 'http://localhost/verify/SWS-AAAAA-BBBBB-CCCCC-DDDDD',
  renewal: { expiresAt: '2026-12-01T10:00:00.000Z', isExpired: false, opensAt: '2026-11-01T10:00:00.000Z', isOpen: true, modulesToPass: [], ...renewal },
})

describe('CertificateRenewal', () => {
  it('shows nothing for a certificate that does not expire, or before its last 30 days', () => {
    renderScreen(
      <>
        <CertificateRenewal certificate={certificateWith({ expiresAt: null, opensAt: null, isOpen: false })} />
        <CertificateRenewal certificate={certificateWith({ isOpen: false })} />
      </>,
    )
    expect(screen.queryByRole('heading', { name: 'Renew your certificate' })).toBeNull()
  })

  it('links to the modules whose knowledge check is still to pass again, with no button yet', () => {
    renderScreen(<CertificateRenewal certificate={certificateWith({ modulesToPass: [2, 5] })} />)
    expect(screen.getByText('Your certificate expires on December 1, 2026.', { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Module 2' }).getAttribute('href')).toBe('/module/2')
    expect(screen.getByRole('link', { name: 'Module 5' }).getAttribute('href')).toBe('/module/5')
    expect(screen.queryByRole('button', { name: 'Renew Certificate' })).toBeNull()
  })

  it('renews once the checks are passed again, and says until when the new one is valid', async () => {
    const renewed = certificateWith({ expiresAt: '2027-11-28T10:00:00.000Z', isOpen: false })
    const requests = mockApi(() => json(renewed))
    renderScreen(<CertificateRenewal certificate={certificateWith({ isExpired: true })} />)
    expect(screen.getByText('Your certificate expired on December 1, 2026.', { exact: false })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Renew Certificate' }))
    await findToast('Your new certificate is valid until November 28, 2027.')
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['POST', '/api/certificate/renew']])
  })
})
