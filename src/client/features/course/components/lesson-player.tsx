import { Play, PlayCircle, RotateCcw } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { LearnerLesson, LearnerVideo } from '../../../../shared/course/api-types'
import type { LessonWatch } from '../../../../shared/media'
import { Spinner } from '../../../components/ui/spinner'
import { useHydrated } from '../../../lib/use-hydrated'
import { useModuleWatchQuery } from '../api'
import { formatPosition, spokenPosition } from '../player/format-position'
import type { PlayerEvents } from '../player/player-events'
import { useWatchReporting } from '../player/use-watch-reporting'

// Each source's player is its own chunk, fetched when the learner presses play: a module page
// loads nothing from a video host, and none of the players' code, until then.
const UploadedPlayer = lazy(() => import('../player/uploaded-player'))
const VimeoPlayer = lazy(() => import('../player/vimeo-player'))
const YouTubePlayer = lazy(() => import('../player/youtube-player'))

type Props = {
  lesson: LearnerLesson
  moduleId: string
  /** The admin's preview: the video plays, but nothing is read or reported. */
  preview?: boolean
}

/** Seconds from the end within which a saved position counts as finished, not as a place to resume (docs/video.md). */
const END_MARGIN_SECONDS = 5

/**
 * What to offer beside Play: resuming at a saved position past the start and before the end;
 * watching again from the start once it reached the end; nothing before the learner started.
 */
export function watchOffer(watch: LessonWatch | undefined): { resumeAt: number } | 'watch-again' | null {
  if (!watch || watch.positionSeconds < 1) return null
  return watch.positionSeconds < watch.durationSeconds - END_MARGIN_SECONDS ? { resumeAt: watch.positionSeconds } : 'watch-again'
}

const frameClass = 'flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg text-white'

/**
 * A lesson's video, for all three sources. A light facade first (docs/decisions/0012-video-facade.md):
 * the page requests nothing from a video host until the learner presses play. Then the source's
 * player, which reports what is watched (docs/decisions/0057-lesson-player-and-watch-tracking.md).
 * With a saved position it offers to resume there, or to watch again once the learner reached the
 * end. No video: a placeholder showing the duration.
 */
export function LessonPlayer({ lesson, moduleId, preview = false }: Props) {
  const [startAt, setStartAt] = useState<number | null>(null)
  const isHydrated = useHydrated()
  const isTracked = !preview && lesson.video !== null
  const watch = useModuleWatchQuery(moduleId, isTracked && isHydrated)
  const events = useWatchReporting({ moduleId, lessonId: lesson.id, enabled: isTracked })
  const offer = watchOffer(watch.data?.lessons.find((entry) => entry.lessonId === lesson.id))

  if (!lesson.video) {
    return (
      <div className={`${frameClass} bg-linear-to-br from-primary to-slate-800`}>
        <PlayCircle aria-hidden className="size-14 opacity-70" />
        <p className="text-sm font-medium">Video lesson · {lesson.durationText}</p>
      </div>
    )
  }
  if (startAt !== null) {
    return (
      <Suspense fallback={<PlayerLoading />}>
        <SourcePlayer title={lesson.title} video={lesson.video} startAt={startAt} events={events} />
      </Suspense>
    )
  }
  const posterUrl = lesson.video.provider === 'upload' ? lesson.video.posterUrl : null
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => setStartAt(0)}
        // Rendered by the server: it does nothing until its script has run.
        disabled={!isHydrated}
        className={`${frameClass} group relative overflow-hidden bg-linear-to-br from-primary to-slate-800 hover:from-primary/90`}
      >
        {posterUrl && <img src={posterUrl} alt="" className="absolute inset-0 size-full object-cover opacity-60" />}
        <span className="relative flex size-16 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg transition-transform group-hover:scale-105">
          <Play aria-hidden className="size-7 translate-x-0.5 fill-current" />
        </span>
        <span className="relative text-sm font-medium">
          Play video<span className="sr-only">: {lesson.title}</span> · {lesson.durationText}
        </span>
      </button>
      {offer !== null && (
        <button
          type="button"
          onClick={() => setStartAt(offer === 'watch-again' ? 0 : offer.resumeAt)}
          aria-label={offer === 'watch-again' ? `Watch again: ${lesson.title}` : `Resume at ${spokenPosition(offer.resumeAt)}: ${lesson.title}`}
          className="absolute bottom-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-primary shadow-md hover:bg-white/90 focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
        >
          <RotateCcw aria-hidden className="size-4" />
          {offer === 'watch-again' ? 'Watch again' : `Resume at ${formatPosition(offer.resumeAt)}`}
        </button>
      )}
    </div>
  )
}

type SourcePlayerProps = { title: string; video: LearnerVideo; startAt: number; events: PlayerEvents }

function SourcePlayer({ video, ...props }: SourcePlayerProps) {
  switch (video.provider) {
    case 'upload':
      return <UploadedPlayer video={video} {...props} />
    case 'vimeo':
      return <VimeoPlayer video={video} {...props} />
    case 'youtube':
      return <YouTubePlayer video={video} {...props} />
  }
}

function PlayerLoading() {
  return (
    <div className={`${frameClass} bg-black`}>
      <Spinner label="Loading the video" className="[&_svg]:text-white" />
    </div>
  )
}
