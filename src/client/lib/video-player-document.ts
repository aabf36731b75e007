import { useEffect } from 'react'
import { isVideoPlayerPage } from '../../shared/course/video'

/** The path the current document was loaded at; undefined where the browser does not say. */
function documentPath(): string | undefined {
  const [entry] = performance.getEntriesByType('navigation')
  return entry ? new URL(entry.name).pathname : undefined
}

/**
 * The Content Security Policy admits Vimeo's and YouTube's players only on the documents of the
 * pages that show one (`isVideoPlayerPage`, docs/decisions/0084-watch-length-and-one-time-codes.md),
 * and a document keeps its policy while the app moves between screens. A page with a hosted video
 * reached from a document loaded elsewhere (the dashboard's "Continue" link) loads itself once as
 * a document of its own, before its player is pressed; then the browser lets the player in.
 */
export function useVideoPlayerDocument(canShowHostedVideo: boolean) {
  useEffect(() => {
    if (!canShowHostedVideo) return
    const path = documentPath()
    if (path !== undefined && !isVideoPlayerPage(path)) window.location.reload()
  }, [canShowHostedVideo])
}
