import { useEffect, useRef, useState } from 'react'
import type { LearnerVideo } from '../../../../shared/course/api-types'
import { VideoFrame } from '../components/video-frame'
import type { SourcePlayerProps } from './player-events'
import { loadYouTubeApi, YT_STATE, type YouTubePlayer as YouTubeApiPlayer } from './youtube-api'

type YouTubeVideo = Extract<LearnerVideo, { provider: 'youtube' }>

/** The IFrame API has no timeupdate event: the position is read this often while it plays. */
const POLL_MS = 500

/** The server's player address, with the IFrame API switched on and the start position. */
export function youTubeFrameUrl(embedUrl: string, origin: string, startAt: number): string {
  const url = new URL(embedUrl)
  url.searchParams.set('enablejsapi', '1')
  url.searchParams.set('origin', origin)
  if (startAt > 0) url.searchParams.set('start', String(Math.floor(startAt)))
  return url.toString()
}

/**
 * A YouTube video in YouTube's privacy-enhanced player (youtube-nocookie.com), followed through
 * the IFrame API for the watch tracking. The video plays even if the API cannot be loaded; it is
 * then only not tracked.
 */
export default function YouTubePlayer({ title, video, startAt, events }: SourcePlayerProps<YouTubeVideo>) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [src] = useState(() => youTubeFrameUrl(video.embedUrl, window.location.origin, startAt))

  useEffect(() => {
    let player: YouTubeApiPlayer | null = null
    let poll: number | undefined
    let isGone = false
    const at = () => [player?.getCurrentTime() ?? 0, player?.getDuration() ?? 0] as const
    loadYouTubeApi()
      .then((YT) => {
        if (isGone || !frame.current) return
        player = new YT.Player(frame.current, {
          events: {
            onStateChange: ({ data }) => {
              window.clearInterval(poll)
              if (data === YT_STATE.playing) {
                events.playing()
                events.time(...at())
                poll = window.setInterval(() => events.time(...at()), POLL_MS)
              } else if (data === YT_STATE.paused) events.paused(...at())
              else if (data === YT_STATE.ended) events.ended(...at())
              else if (data === YT_STATE.buffering) events.seeking()
            },
          },
        })
      })
      .catch(() => {})
    return () => {
      isGone = true
      window.clearInterval(poll)
    }
  }, [events])

  return <VideoFrame frameRef={frame} title={title} embedUrl={src} autoFocus />
}
