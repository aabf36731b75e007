// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CatalogModule, CourseCatalog } from '../../../../shared/course/api-types'
import { summarizeCourseProgress } from '../../../../shared/course/progress'
import type { LearnerSchedule } from '../../../../shared/course/schedule'
import { json, mockApi, renderScreen } from '../../../test/render'
import { useCourseQuery, useProgressQuery } from '../api'
import { ModuleCardList } from './module-card-list'

const modules: CatalogModule[] = ['m1', 'm2', 'm3'].map((id, index) => ({
  id,
  moduleNumber: index + 1,
  title: `Title ${id}`,
  navLabel: id,
  description: `About ${id}`,
  minutes: 10,
  lessonsCount: 1,
}))
const course: CourseCatalog = { version: 1, totalMinutes: 30, modules }

function Dashboard() {
  const progress = useProgressQuery().data
  const loaded = useCourseQuery().data
  return progress && loaded ? <ModuleCardList modules={loaded.modules} progress={progress} /> : null
}

/** The server: module 1 completed, and this schedule. */
function serve(schedule: LearnerSchedule) {
  const progress = {
    ...summarizeCourseProgress(modules, ['m1']),
    modules: [{ moduleId: 'm1', moduleNumber: 1, completedAt: '2026-01-01T00:00:00.000Z' }],
  }
  mockApi(({ url }) => {
    if (url.pathname === '/api/course') return json(course)
    if (url.pathname === '/api/progress') return json(progress)
    if (url.pathname === '/api/course/schedule') return json(schedule)
    return json([])
  })
}

const card = (moduleNumber: number) => screen.getByRole('link', { name: new RegExp(`^Module ${moduleNumber}\\b`) })

describe('ModuleCardList with a schedule', () => {
  it('in order: marks the module after the next one locked, in words, still a link to its page', async () => {
    serve({ mode: 'in-order', dripDays: {}, startedAt: '2026-01-01T00:00:00.000Z', isLifted: false })
    renderScreen(<Dashboard />)
    await screen.findByText('Finish module 2 first')
    expect(card(3).textContent).toContain('Locked')
    expect(card(3).getAttribute('href')).toBe('/module/3')
    expect(card(2).textContent).not.toContain('Locked')
  })

  it('drip: says the day a module opens', async () => {
    serve({ mode: 'drip', dripDays: { m3: 10 }, startedAt: '2099-12-02T15:00:00.000Z', isLifted: false })
    renderScreen(<Dashboard />)
    await screen.findByText('Opens on 12 December')
    expect(card(2).textContent).toContain('Opens on 2 December')
  })

  it('shows nothing locked when an admin opened every module, or the schedule is off', async () => {
    serve({ mode: 'in-order', dripDays: {}, startedAt: null, isLifted: true })
    renderScreen(<Dashboard />)
    await screen.findByText('Title m3')
    expect(screen.queryByText('Locked')).toBeNull()
  })
})
