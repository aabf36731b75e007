/**
 * What every source player (an uploaded file, Vimeo, YouTube) tells the watch tracking, in
 * seconds of the video. `time` comes while it plays; the others as they happen.
 */
export type PlayerEvents = {
  playing(): void
  time(seconds: number, duration: number): void
  paused(seconds: number, duration: number): void
  seeking(): void
  ended(seconds: number, duration: number): void
}

/** What LessonPlayer hands a source player: the lesson, where to start and whom to tell. */
export type SourcePlayerProps<Video> = {
  title: string
  video: Video
  /** Seconds into the video to start from: 0, or where the learner chose to resume. */
  startAt: number
  events: PlayerEvents
}
