// @vitest-environment happy-dom
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { TwoFactorSetup } from './two-factor-setup'

// Lazy chunks, zod and the toasts load on first use: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 })

const TOTP_URI = 'otpauth://totp/Success%20Without%20Sacrifice:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Success%20Without%20Sacrifice&digits=6&period=30'
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`)
const INCORRECT = 'Password is incorrect'

describe('TwoFactorSetup: password, QR code, first code, recovery codes', () => {
  it('walks through the setup, showing the key as a QR code and as text, then the codes to save', async () => {
    const user = userEvent.setup()
    const onEnabled = vi.fn()
    const onDone = vi.fn()
    const requests = mockApi((request) => {
      if (request.url.pathname.endsWith('/enable')) {
        return (request.body as { password: string }).password === 'my passphrase'
          ? json({ totpUri: TOTP_URI })
          : json({ error: { code: 'VALIDATION_FAILED', message: INCORRECT, issues: [{ path: 'password', message: INCORRECT }] } }, 400)
      }
      return json({ recoveryCodes: RECOVERY_CODES })
    })
    renderScreen(<TwoFactorSetup email="ada@example.com" onEnabled={onEnabled} onDone={onDone} />)

    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(INCORRECT, { selector: 'p' })).toBeTruthy()
    expect(await findToast(INCORRECT)).toBeTruthy()
    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), 'my passphrase')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    const qr = await screen.findByRole('img', { name: 'QR code that adds this account to your authenticator app' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/)
    expect(screen.getByText('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ')).toBeTruthy()
    expect(screen.getByText(TOTP_URI)).toBeTruthy()

    await user.type(screen.getByLabelText('Enter the 6-digit code from the app'), '12345')
    await user.click(screen.getByRole('button', { name: 'Turn On' }))
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    await user.type(screen.getByLabelText('Enter the 6-digit code from the app'), '6')
    await user.click(screen.getByRole('button', { name: 'Turn On' }))

    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES)
    expect(onEnabled).toHaveBeenCalledOnce()
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/confirm',
    ])
    expect(requests.at(-1)!.body).toEqual({ code: '123456' })

    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(onDone).toHaveBeenCalledOnce()
  })
})
