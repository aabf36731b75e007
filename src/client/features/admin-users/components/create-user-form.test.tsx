// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { CreateUserForm } from './create-user-form'

async function createUser() {
  const user = userEvent.setup()
  renderScreen(<CreateUserForm />)
  await user.type(screen.getByLabelText('Email'), 'new.learner@example.com')
  await user.type(screen.getByLabelText('Temporary Password'), 'correct-horse-9')
  await user.click(screen.getByRole('button', { name: 'Create User' }))
}

describe('CreateUserForm: what the server refuses', () => {
  it('shows each field issue under its field and focuses the first field of the form that has one', async () => {
    mockApi(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            issues: [
              { path: 'temporaryPassword', message: 'This password is too common. Choose another one.' },
              { path: 'email', message: 'Invalid email format' },
              { path: 'sendLoginDetails', message: 'sendLoginDetails must be true or false' },
            ],
          },
        },
        400,
      ),
    )
    await createUser()

    expect(await screen.findByText('This password is too common. Choose another one.')).toBeTruthy()
    expect(screen.getByText('Invalid email format')).toBeTruthy()
    expect(screen.getByLabelText('Temporary Password').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    // The form's first field in error, not the first issue the server listed.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    // An issue about something the form has no field for is not shown on the form.
    expect(screen.queryByText('sendLoginDetails must be true or false')).toBeNull()
    // Creating a user shows the server's own message for a refusal.
    expect(await findToast('Invalid input')).toBeTruthy()
  })

  it('shows a taken e-mail (409) under Email', async () => {
    mockApi(() => json({ error: { code: 'CONFLICT', message: 'A user with this email already exists' } }, 409))
    await createUser()

    expect(await screen.findByText('A user with this email already exists', { selector: 'p' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(await findToast('A user with this email already exists')).toBeTruthy()
  })

  it('answers a failure that names no field with a toast only', async () => {
    mockApi(() => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500))
    await createUser()

    expect(await findToast('Failed to create user')).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByLabelText('Temporary Password').getAttribute('aria-invalid')).toBeNull()
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new.learner@example.com')
  })
})
