// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { CertificateValidityEditor } from './certificate-validity-editor'

function serve(validMonths: number | null) {
  return mockApi(({ method, body }) => json(method === 'PUT' ? body : { validMonths }))
}

describe('CertificateValidityEditor', () => {
  it('saves a number of months, and an empty field as never expiring', async () => {
    const requests = serve(null)
    renderScreen(<CertificateValidityEditor />)
    const field = await screen.findByLabelText('Valid for (months)')
    expect((field as HTMLInputElement).value).toBe('')
    await userEvent.type(field, '24')
    await userEvent.click(screen.getByRole('button', { name: 'Save Validity' }))
    await findToast('Certificate validity saved')
    // The saved policy starts the form again from it.
    const again = await screen.findByDisplayValue('24')
    await userEvent.clear(again)
    await userEvent.click(screen.getByRole('button', { name: 'Save Validity' }))
    await expect.poll(() => requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { validMonths: 24 },
      { validMonths: null },
    ])
  })

  it('refuses what is not 1 to 120 months under the field, and sends nothing', async () => {
    const requests = serve(12)
    renderScreen(<CertificateValidityEditor />)
    const field = await screen.findByLabelText('Valid for (months)')
    expect((field as HTMLInputElement).value).toBe('12')
    await userEvent.clear(field)
    await userEvent.type(field, '0')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter a whole number of months from 1 to 120, or leave it empty')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save Validity' }))
    await findToast('Enter a whole number of months from 1 to 120, or leave it empty')
    expect(requests.some((request) => request.method === 'PUT')).toBe(false)
  })
})
