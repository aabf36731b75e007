// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ScheduleSettings } from '../../../../shared/course/schedule'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { ScheduleEditor } from './schedule-editor'

const SETTINGS: ScheduleSettings = {
  mode: 'all',
  dripDays: { m2: 3 },
  modules: [
    { id: 'm1', moduleNumber: 1, title: 'Welcome' },
    { id: 'm2', moduleNumber: 2, title: 'Overview' },
  ],
}

function serve() {
  return mockApi(({ method, body }) => json(method === 'PUT' ? { ...SETTINGS, ...(body as object) } : SETTINGS))
}

describe('ScheduleEditor', () => {
  it('saves drip with the days per module, as numbers', async () => {
    const requests = serve()
    renderScreen(<ScheduleEditor />)
    await userEvent.click(await screen.findByRole('radio', { name: /^Drip/ }))
    expect((screen.getByLabelText('Module 2: Overview') as HTMLInputElement).value).toBe('3')
    await userEvent.clear(screen.getByLabelText('Module 1: Welcome'))
    await userEvent.type(screen.getByLabelText('Module 1: Welcome'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Save Schedule' }))
    await findToast('Schedule saved')
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ mode: 'drip', dripDays: { m1: 1, m2: 3 } }])
  })

  it('refuses days that are not a whole number from 0 to 365 under the field, and sends nothing', async () => {
    const requests = serve()
    renderScreen(<ScheduleEditor />)
    await userEvent.click(await screen.findByRole('radio', { name: /^Drip/ }))
    const field = screen.getByLabelText('Module 2: Overview')
    await userEvent.clear(field)
    await userEvent.type(field, '400')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter a whole number of days from 0 to 365')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save Schedule' }))
    await findToast('Enter a whole number of days from 0 to 365')
    expect(requests.some((request) => request.method === 'PUT')).toBe(false)
  })

  it('refuses a drip schedule whose modules all open on day 0, and sends nothing', async () => {
    const requests = serve()
    renderScreen(<ScheduleEditor />)
    await userEvent.click(await screen.findByRole('radio', { name: /^Drip/ }))
    await userEvent.clear(screen.getByLabelText('Module 2: Overview'))
    await userEvent.type(screen.getByLabelText('Module 2: Overview'), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Save Schedule' }))
    await findToast('Give at least one module more than 0 days, or choose All at once')
    expect(requests.some((request) => request.method === 'PUT')).toBe(false)
  })
})
