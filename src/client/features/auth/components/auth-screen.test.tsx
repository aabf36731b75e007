// @vitest-environment happy-dom
import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../../test/render'
import { AuthScreen } from './auth-screen'

// Lazy chunks, zod and the toasts load on first use: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 })

const profile: Profile = { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Broker', role: 'user', mustChangePassword: false, hasTwoFactor: true }

/** The API of a sign-in whose account has two-factor sign-in on; `codeStep` answers the code. */
function twoFactorServer(codeStep: (request: ApiRequest) => Response) {
  return mockApi((request) =>
    request.url.pathname === '/api/auth/sign-in/email' ? json({ twoFactorRequired: true }) : codeStep(request),
  )
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'correct passphrase')
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
  await screen.findByRole('heading', { name: 'Enter Your Code' })
}

describe('AuthScreen: the code step of a two-factor sign-in', () => {
  it('asks for the app’s code after the password, and signs in with it, trusting this device if asked', async () => {
    const user = userEvent.setup()
    const onSignedIn = vi.fn()
    const requests = twoFactorServer(() => json(profile))
    renderScreen(<AuthScreen onSignedIn={onSignedIn} />)

    await signInWithPassword(user)
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'))
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()

    await user.type(screen.getByLabelText('Authentication code'), '123 456')
    await user.click(screen.getByLabelText('Trust this device for 30 days'))
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(profile), { timeout: 5000 })
    expect(requests.map((request) => [request.url.pathname, request.body])).toEqual([
      ['/api/auth/sign-in/email', { email: 'ada@example.com', password: 'correct passphrase' }],
      ['/api/auth/two-factor/verify-totp', { code: '123456', trustDevice: true }],
    ])
  })

  it('shows a wrong code under the field, and takes a recovery code instead', async () => {
    const user = userEvent.setup()
    const onSignedIn = vi.fn()
    const wrong = 'That code is not right. Check your authenticator app and try again.'
    const requests = twoFactorServer((request) =>
      request.url.pathname.endsWith('/verify-totp')
        ? json({ error: { code: 'INVALID_CODE', message: wrong, issues: [{ path: 'code', message: wrong }] } }, 401)
        : json(profile),
    )
    renderScreen(<AuthScreen onSignedIn={onSignedIn} />)
    await signInWithPassword(user)

    await user.type(screen.getByLabelText('Authentication code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await findToast(wrong)).toBeTruthy()
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    await screen.findByRole('heading', { name: 'Enter a Recovery Code' })
    await user.type(screen.getByLabelText('Recovery code'), 'abcdeFGHIJ')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(profile), { timeout: 5000 })
    expect(requests.at(-1)).toMatchObject({ url: expect.objectContaining({ pathname: '/api/auth/two-factor/verify-recovery-code' }), body: { code: 'abcde-FGHIJ', trustDevice: false } })
  })

  it('goes back to the password when the sign-in waiting for its code is gone', async () => {
    const user = userEvent.setup()
    twoFactorServer(() => json({ error: { code: 'SIGN_IN_EXPIRED', message: 'Too many wrong codes. Please sign in again.' } }, 401))
    renderScreen(<AuthScreen onSignedIn={vi.fn()} />)
    await signInWithPassword(user)
    await user.type(screen.getByLabelText('Authentication code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await findToast('Too many wrong codes. Please sign in again.')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
  })
})
