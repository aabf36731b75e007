// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WATCH_REPORT_INTERVAL_SECONDS, type LessonWatch } from '../../../../shared/media'
import { json, mockApi, type ApiRequest } from '../../../test/render'
import type { PlayerEvents } from './player-events'
import { useWatchReporting } from './use-watch-reporting'

const answer: LessonWatch = { lessonId: 'l1', positionSeconds: 0, durationSeconds: 20, percentWatched: 0, updatedAt: '2026-11-24T10:00:00.000Z' }

function renderReporting(enabled = true) {
  const client = new QueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return renderHook(() => useWatchReporting({ moduleId: 'm 1', lessonId: 'l1', enabled }), { wrapper })
}

/** Plays from `from` to `to` as a player's timeupdate would tell it. */
function play(events: PlayerEvents, from: number, to: number) {
  for (let seconds = from; seconds <= to; seconds += 0.25) events.time(seconds, 20)
}

let beacons: { url: string; body: unknown }[]
beforeEach(() => {
  beacons = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, blob: Blob) => {
      void blob.text().then((text) => beacons.push({ url, body: { type: blob.type, report: JSON.parse(text) } }))
      return true
    },
  })
})
afterEach(() => vi.useRealTimers())

const puts = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'PUT')

describe('useWatchReporting', () => {
  it('reports on pause the position and only the ranges played: a seek is not watching', async () => {
    const requests = mockApi(() => json(answer))
    const { result } = renderReporting()
    result.current.playing()
    play(result.current, 0, 3)
    result.current.seeking()
    play(result.current, 15, 16)
    result.current.paused(16, 20)
    await waitFor(() => expect(puts(requests)).toHaveLength(1))
    const [put] = puts(requests)
    expect(put?.url.pathname).toBe('/api/watch/m%201/l1')
    expect(put?.body).toEqual({
      positionSeconds: 16,
      durationSeconds: 20,
      ranges: [
        [0, 3],
        [15, 16],
      ],
    })
  })

  it(`reports every ${WATCH_REPORT_INTERVAL_SECONDS} s while playing, and not while paused`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const requests = mockApi(() => json(answer))
    const { result } = renderReporting()
    result.current.playing()
    play(result.current, 0, 2)
    vi.advanceTimersByTime(WATCH_REPORT_INTERVAL_SECONDS * 1000)
    await waitFor(() => expect(puts(requests)).toHaveLength(1))
    expect(puts(requests)[0]?.body).toEqual({ positionSeconds: 2, durationSeconds: 20, ranges: [[0, 2]] })
    result.current.paused(2, 20)
    vi.advanceTimersByTime(WATCH_REPORT_INTERVAL_SECONDS * 3000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(puts(requests)).toHaveLength(1)
  })

  it('sends what is not yet reported with sendBeacon on pagehide, as JSON', async () => {
    const requests = mockApi(() => json(answer))
    const { result } = renderReporting()
    result.current.playing()
    play(result.current, 4, 9)
    window.dispatchEvent(new Event('pagehide'))
    await waitFor(() => expect(beacons).toHaveLength(1))
    expect(beacons[0]).toEqual({
      url: '/api/watch/m%201/l1',
      body: { type: 'application/json', report: { positionSeconds: 9, durationSeconds: 20, ranges: [[4, 9]] } },
    })
    expect(requests).toEqual([])
  })

  it('carries the ranges of a failed report in the next one', async () => {
    let fail = true
    const requests = mockApi(() => (fail ? json({ error: { code: 'UNAVAILABLE', message: 'Down' } }, 503) : json(answer)))
    const { result } = renderReporting()
    result.current.playing()
    play(result.current, 0, 2)
    result.current.paused(2, 20)
    await waitFor(() => expect(puts(requests)).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    fail = false
    result.current.playing()
    play(result.current, 2.25, 5)
    result.current.paused(5, 20)
    await waitFor(() => expect(puts(requests)).toHaveLength(2))
    expect(puts(requests)[1]?.body).toEqual({
      positionSeconds: 5,
      durationSeconds: 20,
      ranges: [
        [0, 2],
        [2.25, 5],
      ],
    })
  })

  it('reports nothing when tracking is off (the admin’s preview)', async () => {
    const requests = mockApi(() => json(answer))
    const { result, unmount } = renderReporting(false)
    result.current.playing()
    play(result.current, 0, 5)
    result.current.paused(5, 20)
    unmount()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toEqual([])
    expect(beacons).toEqual([])
  })
})
