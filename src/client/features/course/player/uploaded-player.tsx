import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlaybackRateButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react'
import { MediaCaptionsMenu, MediaCaptionsMenuButton } from 'media-chrome/react/menu'
import type { MediaPlayButton as MediaPlayButtonElement } from 'media-chrome'
import { En } from 'media-chrome/dist/lang/en.js'
import type { MediaCaptionsMenu as MediaCaptionsMenuElement } from 'media-chrome/dist/menu/media-captions-menu.js'
import { addTranslation } from 'media-chrome/dist/utils/i18n.js'
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { LearnerVideo } from '../../../../shared/course/api-types'
import type { SourcePlayerProps } from './player-events'

type UploadedVideo = Extract<LearnerVideo, { provider: 'upload' }>

/** The speeds the player offers, 0.75× to 2×. */
const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2]

// The speed button shows "1.5x": its name says "1.5x" too, so a learner who says what they see
// (voice control) reaches it (axe: label-content-name-mismatch).
addTranslation('en', { ...En, 'Playback rate {playbackRate}': 'Playback rate {playbackRate}x' })

/**
 * An uploaded video file in `<video>`, with media-chrome's controls (keyboard shortcuts, speed,
 * a captions menu of the lesson's languages, picture-in-picture, full screen). Loaded in its own chunk when the learner presses
 * play. It starts at once and takes the focus: the learner asked for it.
 */
export default function UploadedPlayer({ title, video, startAt, events }: SourcePlayerProps<UploadedVideo>) {
  const media = useRef<HTMLVideoElement>(null)
  const play = useRef<MediaPlayButtonElement>(null)
  const captionsMenu = useRef<MediaCaptionsMenuElement>(null)

  // The start position, applied once the element knows the video's length. React creates the
  // element (and it starts loading) before it is mounted, and drops media events that come before
  // then: with a file the browser already has, `loadedmetadata` can be over by the time anyone
  // listens, so the mount checks too.
  const isStartApplied = useRef(false)
  const applyStart = (element: HTMLVideoElement) => {
    if (isStartApplied.current || element.readyState < HTMLMediaElement.HAVE_METADATA) return
    isStartApplied.current = true
    if (startAt > 0) element.currentTime = startAt
  }

  // Before the first paint: a frame played from 0:00 would be seen, and reported.
  useLayoutEffect(() => {
    if (media.current) applyStart(media.current)
  })

  useEffect(() => {
    play.current?.focus()
    // The menu keeps a "Back to previous menu" button for submenus in a hidden slot, which axe
    // still counts among the menu's items (aria-required-children); this menu is never a submenu.
    captionsMenu.current?.shadowRoot?.querySelector('slot[name="header"] > button')?.remove()
  }, [])

  const at = () => [media.current?.currentTime ?? 0, media.current?.duration ?? 0] as const

  return (
    <MediaController className="block aspect-video w-full overflow-hidden rounded-lg bg-black">
      <video
        ref={media}
        slot="media"
        src={video.src}
        poster={video.posterUrl ?? undefined}
        autoPlay
        playsInline
        preload="metadata"
        aria-label={`Video: ${title}`}
        className="size-full"
        onLoadedMetadata={(event) => applyStart(event.currentTarget)}
        onPlaying={() => events.playing()}
        onTimeUpdate={(event) => {
          // Playing, even if its `playing` event came before anyone listened (autoplay can be that quick).
          if (!event.currentTarget.paused && !event.currentTarget.seeking) events.playing()
          events.time(...at())
        }}
        onPause={() => events.paused(...at())}
        onSeeking={() => events.seeking()}
        onEnded={() => events.ended(...at())}
      >
        {video.captions.map((track) => (
          <track key={track.src} kind="captions" src={track.src} srcLang={track.language} label={track.label} />
        ))}
      </video>
      <MediaLoadingIndicator slot="centered-chrome" />
      {/* The captions as a menu, not a toggle: each track's label is a choice, and Off. It opens
          above its button in the control bar (anchor="auto"). */}
      {video.captions.length > 0 && <MediaCaptionsMenu ref={captionsMenu} hidden anchor="auto" />}
      <MediaControlBar className="w-full">
        <MediaPlayButton ref={play} />
        <MediaSeekBackwardButton seekOffset={10} />
        <MediaSeekForwardButton seekOffset={10} />
        <MediaTimeRange className="min-w-0 flex-1" />
        {/* A readout, not a button: its name could not say the time it shows (axe:
            label-content-name-mismatch); the time slider says it to a screen reader. */}
        <MediaTimeDisplay showDuration noToggle aria-hidden className="max-sm:hidden" />
        <MediaMuteButton />
        <MediaVolumeRange className="max-sm:hidden" />
        <MediaPlaybackRateButton rates={PLAYBACK_RATES} />
        {video.captions.length > 0 && <MediaCaptionsMenuButton />}
        <MediaPipButton />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  )
}
