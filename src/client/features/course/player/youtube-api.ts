import { YOUTUBE_IFRAME_API_URL } from '../../../../shared/course/video'

// The part of YouTube's IFrame API the watch tracking uses.

export type YouTubePlayer = {
  getCurrentTime(): number
  getDuration(): number
  destroy(): void
}

/** YT.PlayerState: what onStateChange reports. */
export const YT_STATE = { ended: 0, playing: 1, paused: 2, buffering: 3 } as const

type YouTubeNamespace = {
  Player: new (
    frame: HTMLIFrameElement,
    options: { events: { onStateChange?: (event: { data: number; target: YouTubePlayer }) => void } },
  ) => YouTubePlayer
}

declare global {
  interface Window {
    YT?: YouTubeNamespace
    onYouTubeIframeAPIReady?: () => void
  }
}

let loading: Promise<YouTubeNamespace> | null = null

/** Loads the IFrame API once per page; a failed load (offline, blocked) may be tried again. */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT)
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady
    window.onYouTubeIframeAPIReady = () => {
      previous?.()
      if (window.YT) resolve(window.YT)
    }
    const script = document.createElement('script')
    script.src = YOUTUBE_IFRAME_API_URL
    script.async = true
    script.onerror = () => {
      script.remove()
      loading = null
      reject(new Error('The YouTube player API could not be loaded'))
    }
    document.head.append(script)
  })
  return loading
}
