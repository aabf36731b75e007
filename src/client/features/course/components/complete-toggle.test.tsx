// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProgressResponse } from '../../../../shared/course/api-types'
import { summarizeProgress } from '../../../../shared/course/progress'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../../test/render'
import { useProgressQuery } from '../api'
import { CompleteToggle } from './complete-toggle'
import { CourseProgressBar } from './course-progress-bar'

const progressOf = (completed: number[]): ProgressResponse => ({
  ...summarizeProgress(completed),
  modules: completed.map((moduleNumber) => ({ moduleNumber, completedAt: '2026-01-01T00:00:00.000Z' })),
})

/** A module page's toggles, and the counts another screen shows from the same progress. */
function Screen({ moduleNumbers }: { moduleNumbers: number[] }) {
  const progress = useProgressQuery()
  return (
    <>
      {progress.data && <CourseProgressBar progress={progress.data} label="Course Progress" detail={`${progress.data.completedCount} of 8 modules`} />}
      {moduleNumbers.map((moduleNumber) => (
        <section key={moduleNumber} aria-label={`Module ${moduleNumber}`}>
          <CompleteToggle moduleNumber={moduleNumber} moduleTitle={`Module ${moduleNumber}`} />
        </section>
      ))}
    </>
  )
}

/**
 * The server: its progress, and writes that wait until the test lets each answer. Once the first
 * read has answered, later reads wait too, until `releaseReads`: what the screen shows meanwhile is
 * the client's own doing.
 */
function fakeServer(completed: number[]) {
  const saved = new Set(completed)
  const pending = new Map<number, (outcome: 'saved' | 'failed') => void>()
  let reads = 0
  let releaseReads: () => void = () => {}
  const readsReleased = new Promise<void>((resolve) => (releaseReads = resolve))
  const requests = mockApi(async (request: ApiRequest) => {
    if (request.method === 'GET') {
      if (reads++ > 0) await readsReleased
      return json(progressOf([...saved]))
    }
    const moduleNumber = Number(request.url.pathname.split('/').at(-1))
    const outcome = await new Promise<'saved' | 'failed'>((resolve) => pending.set(moduleNumber, resolve))
    if (outcome === 'failed') return json({ error: { code: 'INTERNAL', message: 'The database is not answering' } }, 503)
    const { completed: isCompleted } = request.body as { completed: boolean }
    if (isCompleted) saved.add(moduleNumber)
    else saved.delete(moduleNumber)
    return json(progressOf([...saved]))
  })
  const answer = async (moduleNumber: number, outcome: 'saved' | 'failed') => {
    await vi.waitFor(() => expect(pending.has(moduleNumber)).toBe(true))
    pending.get(moduleNumber)!(outcome)
    pending.delete(moduleNumber)
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
    const server = fakeServer([1])
    renderScreen(<Screen moduleNumbers={[2]} />)
    await screen.findByText('1 of 8 modules')

    await user.click(toggleOf(2))
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', body: { completed: true } })

    await server.answer(2, 'saved')
    expect(await findToast('Congratulations! Module 2 completed! 🎉')).toBeTruthy()
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    server.releaseReads()
  })

  it('puts the module back, with an error toast, when the write fails', async () => {
    const user = userEvent.setup()
    const server = fakeServer([1, 2])
    renderScreen(<Screen moduleNumbers={[2]} />)
    await screen.findByText('2 of 8 modules')
    expect(toggleOf(2).textContent).toBe('Completed')

    await user.click(toggleOf(2))
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(screen.getByText('1 of 8 modules')).toBeTruthy()

    await server.answer(2, 'failed')
    expect(await findToast('The database is not answering')).toBeTruthy()
    expect(toggleOf(2).textContent).toBe('Completed')
    expect(screen.getByText('2 of 8 modules')).toBeTruthy()
    server.releaseReads()
  })

  it('puts back only the module whose write failed while another write succeeds', async () => {
    const user = userEvent.setup()
    const server = fakeServer([1])
    renderScreen(<Screen moduleNumbers={[2, 3]} />)
    await screen.findByText('1 of 8 modules')

    await user.click(toggleOf(2))
    await user.click(toggleOf(3))
    expect(screen.getByText('3 of 8 modules')).toBeTruthy()

    await server.answer(2, 'failed')
    await findToast('The database is not answering')
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(toggleOf(3).textContent).toBe('Completed')

    await server.answer(3, 'saved')
    await findToast('Congratulations! Module 3 completed! 🎉')
    server.releaseReads()
    await vi.waitFor(() => expect(screen.getByText('2 of 8 modules')).toBeTruthy())
    expect(toggleOf(2).textContent).toBe('Mark as Complete')
    expect(toggleOf(3).textContent).toBe('Completed')
  })
})
