// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useVideoPlayerDocument } from './video-player-document'

/** The document as the browser says it was loaded, and its reload, watched. */
function documentLoadedAt(path: string | undefined) {
  const entries = path === undefined ? [] : [{ name: `http://localhost:3000${path}` }]
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) => (type === 'navigation' ? entries : []) as PerformanceEntryList)
  const reload = vi.fn()
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location)
  return reload
}

afterEach(() => vi.restoreAllMocks())

describe('useVideoPlayerDocument', () => {
  it('loads a page with a hosted video again as a document when the app came to it from a page without the players’ policy', () => {
    const reload = documentLoadedAt('/dashboard')
    renderHook(() => useVideoPlayerDocument(true))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the document is a module page', '/module/3', true],
    ['the document is the studio’s module screen', '/admin/course/modules/m1', true],
    ['the page has no hosted video', '/dashboard', false],
    ['the browser does not say where the document was loaded', undefined, true],
  ])('leaves the page alone when %s', (_case, path, hasHostedVideo) => {
    const reload = documentLoadedAt(path)
    renderHook(() => useVideoPlayerDocument(hasHostedVideo))
    expect(reload).not.toHaveBeenCalled()
  })
})
