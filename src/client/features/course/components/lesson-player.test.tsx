// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import type { LearnerLesson, LearnerVideo } from '../../../../shared/course/api-types'
import type { ModuleWatch } from '../../../../shared/media'
import { json, mockApi, renderScreen } from '../../../test/render'
import { LessonPlayer } from './lesson-player'

const lesson: LearnerLesson = { id: 'm2-l1', title: 'Tour', summary: { html: 'A tour' }, video: null, durationText: '12 min', keyPoints: [] }
const vimeo: LearnerVideo = { provider: 'vimeo', id: '123456', embedUrl: 'https://player.vimeo.com/video/123456?autoplay=1' }
const youtube: LearnerVideo = { provider: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1' }

const watchOf = (positionSeconds: number, durationSeconds = 600): ModuleWatch => ({
  moduleId: 'm2',
  lessons: [{ lessonId: 'm2-l1', positionSeconds, durationSeconds, percentWatched: 40, updatedAt: '2026-11-24T10:00:00.000Z' }],
})

describe('LessonPlayer (docs/decisions/0012-video-facade.md)', () => {
  it('renders on the server as a play button and no player: no request to the video host', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <LessonPlayer lesson={{ ...lesson, video: vimeo }} moduleId="m2" />
      </QueryClientProvider>,
    )
    expect(html).toContain('Play video')
    expect(html).toContain('12 min')
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain('vimeo.com')
    expect(html).not.toContain('Resume')
  })

  it('shows a placeholder with the duration when the lesson has no video, and asks nothing', () => {
    const requests = mockApi(() => json(watchOf(100)))
    renderScreen(<LessonPlayer lesson={lesson} moduleId="m2" />)
    expect(screen.getByText('Video lesson · 12 min')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(requests).toEqual([])
  })

  it('mounts the player at the address the server gave, focused, once the learner presses play', async () => {
    mockApi(() => json({ moduleId: 'm2', lessons: [] }))
    renderScreen(<LessonPlayer lesson={{ ...lesson, video: vimeo }} moduleId="m2" />)
    await userEvent.click(screen.getByRole('button', { name: /Play video.*Tour/ }))
    const frame = await screen.findByTitle('Video: Tour', {}, { timeout: 5000 })
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/123456?autoplay=1')
    // The frame takes the focus in an effect after it mounts, which a busy machine can run after findByTitle returns.
    await waitFor(() => expect(document.activeElement).toBe(frame))
  })

  it('offers to resume where the learner stopped, and starts the video there', async () => {
    const requests = mockApi(() => json(watchOf(252)))
    renderScreen(<LessonPlayer lesson={{ ...lesson, video: youtube }} moduleId="m2" />)
    const resume = await screen.findByRole('button', { name: 'Resume at 4 minutes 12 seconds: Tour' })
    expect(resume.textContent).toBe('Resume at 4:12')
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /api/watch/m2'])
    await userEvent.click(resume)
    const frame = await screen.findByTitle('Video: Tour', {}, { timeout: 5000 })
    const url = new URL(frame.getAttribute('src') ?? '')
    expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(Object.fromEntries(url.searchParams)).toEqual({ autoplay: '1', enablejsapi: '1', origin: window.location.origin, start: '252' })
  })

  it('starts a Vimeo video at the saved position through its player’s #t= fragment', async () => {
    mockApi(() => json(watchOf(252)))
    renderScreen(<LessonPlayer lesson={{ ...lesson, video: vimeo }} moduleId="m2" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Resume at 4 minutes 12 seconds: Tour' }))
    const frame = await screen.findByTitle('Video: Tour', {}, { timeout: 5000 })
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/123456?autoplay=1#t=252s')
  })

  it('offers to watch again from the start once the learner reached the last 5 seconds', async () => {
    mockApi(() => json(watchOf(597)))
    renderScreen(<LessonPlayer lesson={{ ...lesson, video: youtube }} moduleId="m2" />)
    const again = await screen.findByRole('button', { name: 'Watch again: Tour' })
    expect(again.textContent).toBe('Watch again')
    expect(screen.queryByRole('button', { name: /Resume/ })).toBeNull()
    await userEvent.click(again)
    const frame = await screen.findByTitle('Video: Tour', {}, { timeout: 5000 })
    expect(new URL(frame.getAttribute('src') ?? '').searchParams.has('start')).toBe(false)
  })

  it('offers nothing at the start or in the admin’s preview', async () => {
    mockApi(() => json(watchOf(0)))
    const { unmount, queryClient } = renderScreen(<LessonPlayer lesson={{ ...lesson, video: vimeo }} moduleId="m2" />)
    await vi.waitFor(() => expect(queryClient.getQueryData(['watch', 'm2'])).toBeTruthy())
    expect(screen.queryByRole('button', { name: /Resume|Watch again/ })).toBeNull()
    unmount()
    const requests = mockApi(() => json(watchOf(252)))
    renderScreen(<LessonPlayer lesson={{ ...lesson, video: vimeo }} moduleId="m2" preview />)
    expect(screen.getByRole('button', { name: /Play video/ })).toBeTruthy()
    expect(requests).toEqual([])
  })
})
