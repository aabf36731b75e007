// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { EditUserDialog } from './edit-user-dialog'

const ada: AdminUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Broker',
  role: 'user',
  mustChangePassword: false,
  isDisabled: false,
  completedModules: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
}

async function submitDetails(details: { email?: string; fullName?: string }) {
  const user = userEvent.setup()
  renderScreen(<EditUserDialog user={ada} />)
  await user.click(screen.getByRole('button', { name: 'Edit Details of ada@example.com' }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit User Details' })
  if (details.email !== undefined) {
    await user.clear(within(dialog).getByLabelText('Email'))
    await user.type(within(dialog).getByLabelText('Email'), details.email)
  }
  if (details.fullName !== undefined) {
    await user.clear(within(dialog).getByLabelText('Full Name'))
    await user.type(within(dialog).getByLabelText('Full Name'), details.fullName)
  }
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
  return dialog
}

describe('EditUserDialog: what the server refuses', () => {
  it('shows a field issue under its field and moves the focus there', async () => {
    const requests = mockApi(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid input', issues: [{ path: 'fullName', message: 'Name contains a character that cannot be used' }] } }, 400),
    )
    const dialog = await submitDetails({ fullName: 'Ada Lovelace' })

    const fullName = within(dialog).getByLabelText('Full Name')
    expect(await within(dialog).findByText('Name contains a character that cannot be used')).toBeTruthy()
    expect(fullName.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(fullName)
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBeNull()
    expect(await findToast('Failed to update user. Invalid input')).toBeTruthy()
    expect(requests[0]).toMatchObject({ method: 'PATCH', body: { email: 'ada@example.com', fullName: 'Ada Lovelace' } })
  })

  it('shows a taken e-mail (409) under Email, focused', async () => {
    mockApi(() => json({ error: { code: 'CONFLICT', message: 'A user with this email already exists' } }, 409))
    const dialog = await submitDetails({ email: 'grace@example.com' })

    const email = within(dialog).getByLabelText('Email')
    expect(await within(dialog).findByText('A user with this email already exists')).toBeTruthy()
    expect(document.activeElement).toBe(email)
    expect(await findToast('Failed to update user. A user with this email already exists')).toBeTruthy()
  })

  it('answers a failure that names no field with a toast only, and keeps the dialog open', async () => {
    mockApi(() => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500))
    const dialog = await submitDetails({ fullName: 'Ada Lovelace' })

    expect(await findToast('Failed to update user')).toBeTruthy()
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBeNull()
    expect(within(dialog).getByLabelText('Full Name').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Edit User Details' })).toBe(dialog)
  })
})
