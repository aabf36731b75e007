import { CheckCircle2, Clock } from 'lucide-react'
import type { Lesson } from '../../../../shared/course/types'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { siteConfig } from '../../../lib/site-config'
import { LessonVideo } from './lesson-video'

/** A video lesson card: title, summary, the video, its duration and key points. */
export function LessonCard({ lesson }: { lesson: Lesson }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{lesson.title}</CardTitle>
        <CardDescription className="text-base">{lesson.summary}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <LessonVideo lesson={lesson} playerBaseUrl={siteConfig.videoEmbedBaseUrl} />
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock aria-hidden className="size-4" />
          Duration: {lesson.durationText}
        </p>
        <div className="grid gap-2">
          <h3 className="font-semibold">Key points</h3>
          <ul className="grid gap-2">
            {lesson.keyPoints.map((point) => (
              <li key={point} className="flex gap-2">
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  )
}
