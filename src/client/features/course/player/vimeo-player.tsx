import Player from '@vimeo/player'
import { useEffect, useRef } from 'react'
import type { LearnerVideo } from '../../../../shared/course/api-types'
import { VideoFrame } from '../components/video-frame'
import type { SourcePlayerProps } from './player-events'

type VimeoVideo = Extract<LearnerVideo, { provider: 'vimeo' }>

type TimeData = { seconds: number; duration: number }

/**
 * A Vimeo video in Vimeo's own player, at the address the server gave (started at `startAt` by
 * its `#t=` fragment), with @vimeo/player listening to it for the watch tracking. Loaded in its
 * own chunk when the learner presses play.
 */
export default function VimeoPlayer({ title, video, startAt, events }: SourcePlayerProps<VimeoVideo>) {
  const frame = useRef<HTMLIFrameElement>(null)
  const src = startAt > 0 ? `${video.embedUrl}#t=${Math.floor(startAt)}s` : video.embedUrl

  useEffect(() => {
    if (!frame.current) return
    const player = new Player(frame.current)
    const play = () => events.playing()
    const timeupdate = ({ seconds, duration }: TimeData) => events.time(seconds, duration)
    const pause = ({ seconds, duration }: TimeData) => events.paused(seconds, duration)
    const seeking = () => events.seeking()
    const ended = ({ seconds, duration }: TimeData) => events.ended(seconds, duration)
    player.on('play', play)
    player.on('timeupdate', timeupdate)
    player.on('pause', pause)
    player.on('seeking', seeking)
    player.on('ended', ended)
    return () => {
      player.off('play', play)
      player.off('timeupdate', timeupdate)
      player.off('pause', pause)
      player.off('seeking', seeking)
      player.off('ended', ended)
    }
  }, [events])

  return <VideoFrame frameRef={frame} title={title} embedUrl={src} autoFocus />
}
