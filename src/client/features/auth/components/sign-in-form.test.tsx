// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { SignInForm } from './sign-in-form'

describe('SignInForm: the shared schema, then the server', () => {
  it('shows each invalid field’s message under it and focuses the first, without a request', async () => {
    const user = userEvent.setup()
    const requests = mockApi(() => json({}))
    renderScreen(<SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} />)

    await user.type(screen.getByLabelText('Email'), 'not an address')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))

    expect(await screen.findByText('Invalid email format')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(requests).toEqual([])

    // Once submitted, the messages follow what is typed.
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await vi.waitFor(() => expect(screen.queryByText('Invalid email format')).toBeNull())
    expect(screen.getByText('Password is required')).toBeTruthy()
  })

  it('shows the server’s refusal in a toast', async () => {
    const user = userEvent.setup()
    const onSignedIn = vi.fn()
    mockApi(() => json({ error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } }, 401))
    renderScreen(<SignInForm onSignedIn={onSignedIn} onForgotPassword={vi.fn()} />)

    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong passphrase')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))

    expect(await findToast('Invalid email or password')).toBeTruthy()
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
  })
})
