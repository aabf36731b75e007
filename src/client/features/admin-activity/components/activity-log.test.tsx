// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AuditEntry, AuditPage } from '../../../../shared/audit'
import { json, mockApi, renderScreen } from '../../../test/render'
import { ActivityLog } from './activity-log'

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  createdAt: '2026-03-02T10:15:00.000Z',
  action: 'sign_in',
  actorKind: 'user',
  actorId: 'u1',
  actorEmail: 'ada@example.com',
  targetId: 'u1',
  targetEmail: 'ada@example.com',
  detail: { method: 'password' },
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  requestId: 'r1',
  ...fields,
})

const page = (entries: AuditEntry[], total = entries.length): AuditPage => ({
  entries,
  total,
  page: 1,
  pageSize: 50,
  pageCount: Math.max(1, Math.ceil(total / 50)),
})

describe('ActivityLog', () => {
  it('shows each entry with its label, actor, target and details', async () => {
    mockApi(() =>
      json(
        page([
          entry({ id: '2', action: 'user_role_changed', actorEmail: 'boss@example.com', detail: { roleFrom: 'user', roleTo: 'admin' } }),
          entry({ id: '1', action: 'sign_in_failed', actorKind: 'anonymous', actorId: null, actorEmail: null, targetEmail: 'who@example.com', detail: { step: 'password', reason: 'INVALID_CREDENTIALS' } }),
        ]),
      ),
    )
    renderScreen(<ActivityLog />, { url: '/admin/activity' })
    expect(await screen.findByText('2 entries')).toBeTruthy()
    const items = screen.getAllByRole('listitem')
    expect(within(items[0]!).getByText('Changed role')).toBeTruthy()
    expect(within(items[0]!).getByText('boss@example.com')).toBeTruthy()
    expect(within(items[0]!).getByText('role user → admin')).toBeTruthy()
    expect(within(items[1]!).getByText('Sign-in failed')).toBeTruthy()
    expect(within(items[1]!).getByText('Not signed in')).toBeTruthy()
    expect(within(items[1]!).getByText('who@example.com')).toBeTruthy()
  })

  it('says "more than" when the server stopped counting, and pages on without a last page', async () => {
    const requests = mockApi(({ url }) => {
      const pageNumber = Number(url.searchParams.get('page') ?? 1)
      const entries = [entry({ id: String(pageNumber) })]
      return json({ entries, total: 10_000, isTotalCapped: true, page: pageNumber, pageSize: 50, pageCount: 201 + pageNumber - 1 })
    })
    const user = userEvent.setup()
    renderScreen(<ActivityLog />, { url: '/admin/activity?action=sign_in' })
    expect(await screen.findByText('More than 10,000 entries match these filters')).toBeTruthy()
    const pages = screen.getByRole('navigation', { name: 'Activity pages' })
    expect(within(pages).getByText('Showing 1–1 of more than 10,000 entries')).toBeTruthy()
    expect(within(pages).getByText('Page 1')).toBeTruthy()
    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    expect(await within(pages).findByText('Page 2')).toBeTruthy()
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('2')
  })

  it('says "1 entry matches" for one', async () => {
    mockApi(() => json(page([entry({})])))
    renderScreen(<ActivityLog />, { url: '/admin/activity?actor=ada' })
    expect(await screen.findByText('1 entry matches these filters')).toBeTruthy()
  })

  it('sends the filters, keeps them in the URL, and exports what they match', async () => {
    const requests = mockApi(() => json(page([])))
    const user = userEvent.setup()
    renderScreen(<ActivityLog />, { url: '/admin/activity?action=sign_in_failed&from=2026-03-01' })
    expect(await screen.findByText('No activity matches these filters')).toBeTruthy()
    await user.type(screen.getByLabelText('Actor'), 'boss{Enter}')
    await screen.findByText(/actor=boss/, { selector: 'output' })
    const last = requests.at(-1)!.url
    expect(last.pathname).toBe('/api/admin/activity')
    expect(last.searchParams.get('actor')).toBe('boss')
    expect(last.searchParams.get('action')).toBe('sign_in_failed')
    expect(new Date(last.searchParams.get('from')!).getTime()).toBe(new Date(2026, 2, 1).getTime())
    const exported = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://localhost')
    expect(exported.pathname).toBe('/api/admin/activity.csv')
    expect(exported.searchParams.get('actor')).toBe('boss')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await screen.findByText('No activity yet')
    expect((screen.getByLabelText('Actor') as HTMLInputElement).value).toBe('')
    expect(requests.at(-1)!.url.search).toBe('')
  })
})
