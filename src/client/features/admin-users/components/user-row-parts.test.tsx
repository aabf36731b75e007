// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../../shared/api-types'
import { EmailCell } from './user-row-parts'

const ada: AdminUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Broker',
  role: 'user',
  mustChangePassword: true,
  isDisabled: false,
  completedModules: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
}

afterEach(cleanup)

describe('EmailCell: the login details e-mail (docs/decisions/0086-login-details-retried.md)', () => {
  it('says when the e-mail has not been delivered yet', () => {
    render(<EmailCell user={{ ...ada, loginDetails: 'pending' }} isSelf={false} />)
    expect(screen.getByText('Login details not delivered yet')).toBeTruthy()
    expect(screen.queryByText('Login details e-mailed')).toBeNull()
  })

  it('says it was delivered while the temporary password is unchanged, and nothing once it is', () => {
    const { rerender } = render(<EmailCell user={{ ...ada, loginDetails: 'sent' }} isSelf={false} />)
    expect(screen.getByText('Login details e-mailed')).toBeTruthy()
    expect(screen.queryByText('Login details not delivered yet')).toBeNull()
    rerender(<EmailCell user={{ ...ada, loginDetails: 'sent', mustChangePassword: false }} isSelf={false} />)
    expect(screen.queryByText(/Login details/)).toBeNull()
  })

  it('says nothing of an e-mail nobody asked for', () => {
    render(<EmailCell user={ada} isSelf={false} />)
    expect(screen.queryByText(/Login details/)).toBeNull()
  })
})
