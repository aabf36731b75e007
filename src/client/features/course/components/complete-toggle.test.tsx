// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogModule, CourseCatalog, CourseProgress } from '../../../../shared/course/api-types'
import { summarizeCourseProgress } from '../../../../shared/course/progress'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../../test/render'
import { useCourseQuery, useProgressQuery } from '../api'
import { CompleteToggle } from './complete-toggle'
import { CourseProgressBar } from './course-progress-bar'

/** A published course of the given module ids, in that order. */
function courseOf(ids: string[]): CourseCatalog {
  const modules: CatalogModule[] = ids.map((id, index) => ({
    id,
    moduleNumber: index + 1,
    title: `Module ${id}`,
    navLabel: id,
    description: `About ${id}`,
    minutes: 10,
    lessonsCount: 1,
  }))
  return { version: 1, totalMinutes: modules.length * 10, modules }
}

const EIGHT = courseOf(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])

/** The server's answer for a learner who completed `completed` (module ids). */
function progressOf(course: CourseCatalog, completed: string[]): CourseProgress {
  const done = course.modules.filter((module) => completed.includes(module.id))
  return {
    ...summarizeCourseProgress(course.modules, completed),
    modules: done.map((module) => ({ moduleId: module.id, moduleNumber: module.moduleNumber, completedAt: '2026-01-01T00:00:00.000Z' })),
  }
}

/** A module page's toggles, and the counts another screen shows from the same progress. */
function Screen({ moduleNumbers }: { moduleNumbers: number[] }) {
  const progress = useProgressQuery()
  const course = useCourseQuery()
  if (!course.data) return null
  return (
    <>
      {progress.data && (
        <CourseProgressBar
          progress={progress.data}
          label="Course Progress"
          detail={`${progress.data.completedCount} of ${progress.data.totalModules} modules`}
        />
      )}
      {moduleNumbers.map((moduleNumber) => (
        <section key={moduleNumber} aria-label={`Module ${moduleNumber}`}>
          <CompleteToggle module={course.data.modules[moduleNumber - 1]!} />
        </section>
      ))}
    </>
  )
}

type Outcome = 'saved' | 'failed' | 'refused'
const REFUSAL = 'Watch at least 80 % of each video before marking this module complete: “Tour” is at 35 %.'

/**
 * The server: the course, the learner's progress, and writes that wait until the test lets each
 * answer. Once the first progress read has answered, later reads wait too, until `releaseReads`:
 * what the screen shows meanwhile is the client's own doing.
 */
function fakeServer(completed: string[], course = EIGHT) {
  const saved = new Set(completed)
  const pending = new Map<string, (outcome: Outcome) => void>()
  let reads = 0
  let releaseReads: () => void = () => {}
  const readsReleased = new Promise<void>((resolve) => (releaseReads = resolve))
  const requests = mockApi(async (request: ApiRequest) => {
    if (request.url.pathname === '/api/course') return json(course)
    if (request.method === 'GET') {
      if (reads++ > 0) await readsReleased
      return json(progressOf(course, [...saved]))
    }
    const moduleId = decodeURIComponent(request.url.pathname.split('/').at(-1)!)
    const outcome = await new Promise<Outcome>((resolve) => pending.set(moduleId, resolve))
    if (outcome === 'failed') return json({ error: { code: 'INTERNAL', message: 'The database is not answering' } }, 503)
    if (outcome === 'refused') return json({ error: { code: 'CONFLICT', message: REFUSAL } }, 409)
    const { completed: isCompleted } = request.body as { completed: boolean }
    if (isCompleted) saved.add(moduleId)
    else saved.delete(moduleId)
    return json(progressOf(course, [...saved]))
  })
  const answer = async (moduleId: string, outcome: Outcome) => {
    await vi.waitFor(() => expect(pending.has(moduleId)).toBe(true))
    pending.get(moduleId)!(outcome)
    pending.delete(moduleId)
  }
  return { requests, answer, releaseReads }
}

const toggleOf = (moduleNumber: number) => within(screen.getByRole('region', { name: `Module ${moduleNumber}` })).getByRole('button')

beforeEach(() => {
  // No confetti: the learner prefers reduced motion.
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query.includes('reduced-motion'), media: query }) as MediaQueryList)
  return () => vi.restoreAllMocks()
})

describe('CompleteToggle', () => {
  it('shows the module complete at once, before the server answers, and keeps it once saved', async () => {
    const user = userEvent.setup()
    const server = fakeServer(['m1'])
    renderScreen(<Screen moduleNumbers={[2]} />)
    await screen.findByText('1 of 8 modules')

    await user.click(toggleOf(2))
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', body: { completed: true } })
    expect(server.requests.at(-1)!.url.pathname).toBe('/api/progress/m2')

    await server.answer('m2', 'saved')
    expect(await findToast('Congratulations! Module 2 completed! 🎉')).toBeTruthy()
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    server.releaseReads()
  })

  it('puts the module back, with an error toast, when the write fails', async () => {
    const user = userEvent.setup()
    const server = fakeServer(['m1', 'm2'])
    renderScreen(<Screen moduleNumbers={[2]} />)
    await screen.findByText('2 of 8 modules')
    expect(toggleOf(2).textContent).toBe('Completed')

    await user.click(toggleOf(2))
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(screen.getByText('1 of 8 modules')).toBeTruthy()

    await server.answer('m2', 'failed')
    expect(await findToast('The database is not answering')).toBeTruthy()
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    server.releaseReads()
  })

  it('says beside the button why the server refused, until the next try', async () => {
    const user = userEvent.setup()
    const server = fakeServer(['m1'])
    renderScreen(<Screen moduleNumbers={[2]} />)
    await screen.findByText('1 of 8 modules')

    await user.click(toggleOf(2))
    await server.answer('m2', 'refused')
    const reason = await within(screen.getByRole('region', { name: 'Module 2' })).findByText(REFUSAL)
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(toggleOf(2).getAttribute('aria-describedby')).toBe(reason.id)

    await user.click(toggleOf(2))
    expect(screen.queryByText(REFUSAL, { selector: 'p' })).toBeNull()
    await server.answer('m2', 'saved')
    expect(await findToast('Congratulations! Module 2 completed! 🎉')).toBeTruthy()
    server.releaseReads()
  })

  it('puts back only the module whose write failed while another write succeeds', async () => {
    const user = userEvent.setup()
    const server = fakeServer(['m1'])
    renderScreen(<Screen moduleNumbers={[2, 3]} />)
    await screen.findByText('1 of 8 modules')

    await user.click(toggleOf(2))
    await user.click(toggleOf(3))
    expect(screen.getByText('3 of 8 modules')).toBeTruthy()

    await server.answer('m2', 'failed')
    await findToast('The database is not answering')
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(toggleOf(3).textContent).toBe('Completed')

    await server.answer('m3', 'saved')
    await findToast('Congratulations! Module 3 completed! 🎉')
    server.releaseReads()
    await vi.waitFor(() => expect(screen.getByText('2 of 8 modules')).toBeTruthy())
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(toggleOf(3).textContent).toBe('Completed')
  })

  it('writes by module id and counts over the published course: moved modules and a ninth', async () => {
    const user = userEvent.setup()
    // The admin moved module m5 to the front and added a ninth; the learner had done m5.
    const course = courseOf(['m5', 'm1', 'm2', 'm3', 'm4', 'm6', 'm7', 'm8', 'referrals'])
    const server = fakeServer(['m5'], course)
    renderScreen(<Screen moduleNumbers={[1, 9]} />)
    await screen.findByText('1 of 9 modules')
    expect(toggleOf(1).textContent).toBe('Completed')
    expect(toggleOf(9).textContent).toBe('Mark as Complete')

    await user.click(toggleOf(9))
    expect(server.requests.at(-1)!.url.pathname).toBe('/api/progress/referrals')
    expect(toggleOf(9).textContent).toBe('Completed')
    expect(screen.getByText('2 of 9 modules')).toBeTruthy()
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('22')

    await server.answer('referrals', 'saved')
    expect(await findToast('Congratulations! Module 9 completed! 🎉')).toBeTruthy()
    await user.click(toggleOf(1))
    expect(server.requests.at(-1)!.url.pathname).toBe('/api/progress/m5')
    expect(toggleOf(1).textContent).toBe('Mark as Complete')
    expect(screen.getByText('1 of 9 modules')).toBeTruthy()
    await server.answer('m5', 'saved')
    expect(await findToast('Module 1 marked as incomplete')).toBeTruthy()
    server.releaseReads()
  })
})
