import { Play, PlayCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { LearnerLesson } from '../../../../shared/course/api-types'
import { useHydrated } from '../../../lib/use-hydrated'

type Props = { lesson: LearnerLesson }

/** The player itself, at the address the server gave; mounted only once the learner asks for it. */
export function VideoFrame({ title, embedUrl, autoFocus = false }: { title: string; embedUrl: string; autoFocus?: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (autoFocus) frame.current?.focus()
  }, [autoFocus])
  return (
    <iframe
      ref={frame}
      src={embedUrl}
      title={`Video: ${title}`}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      className="aspect-video w-full rounded-lg border-0 bg-black"
    />
  )
}

type UploadedVideoProps = { title: string; video: Extract<NonNullable<LearnerLesson['video']>, { provider: 'upload' }> }

/** An uploaded video file, served by the portal, with its captions; it starts at once: the learner pressed play. */
function UploadedVideoPlayer({ title, video }: UploadedVideoProps) {
  return (
    <video
      src={video.src}
      poster={video.posterUrl ?? undefined}
      controls
      autoPlay
      preload="metadata"
      aria-label={`Video: ${title}`}
      className="aspect-video w-full rounded-lg bg-black"
    >
      {video.captions.map((track) => (
        <track key={track.src} kind="captions" src={track.src} srcLang={track.language} label={track.label} />
      ))}
    </video>
  )
}

/**
 * A light facade (docs/decisions/0012-video-facade.md), so a module page makes no request to the video host until
 * the learner presses play. No video: a placeholder showing the duration.
 */
export function LessonVideo({ lesson }: Props) {
  const [isPlaying, setIsPlaying] = useState(false)
  const isHydrated = useHydrated()
  const frameClass = 'flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg text-white'

  if (!lesson.video) {
    return (
      <div className={`${frameClass} bg-linear-to-br from-primary to-slate-800`}>
        <PlayCircle aria-hidden className="size-14 opacity-70" />
        <p className="text-sm font-medium">Video lesson · {lesson.durationText}</p>
      </div>
    )
  }
  if (isPlaying) {
    const video = lesson.video
    return video.provider === 'upload' ? (
      <UploadedVideoPlayer title={lesson.title} video={video} />
    ) : (
      <VideoFrame title={lesson.title} embedUrl={video.embedUrl} autoFocus />
    )
  }
  return (
    <button
      type="button"
      onClick={() => setIsPlaying(true)}
      // Rendered by the server: it does nothing until its script has run.
      disabled={!isHydrated}
      className={`${frameClass} group bg-linear-to-br from-primary to-slate-800 hover:from-primary/90`}
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg transition-transform group-hover:scale-105">
        <Play aria-hidden className="size-7 translate-x-0.5 fill-current" />
      </span>
      <span className="text-sm font-medium">
        Play video<span className="sr-only">: {lesson.title}</span> · {lesson.durationText}
      </span>
    </button>
  )
}
