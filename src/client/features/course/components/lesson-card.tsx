import { CheckCircle2, Clock } from 'lucide-react'
import type { LearnerLesson } from '../../../../shared/course/api-types'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { RichText } from '../../../components/ui/rich-text'
import { LessonPlayer } from './lesson-player'

/** A video lesson card: title, summary, the video, its duration and key points. */
type Props = { lesson: LearnerLesson; moduleId: string; preview: boolean }

export function LessonCard({ lesson, moduleId, preview }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{lesson.title}</CardTitle>
        <CardDescription className="text-base">
          <RichText value={lesson.summary} />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <LessonPlayer lesson={lesson} moduleId={moduleId} preview={preview} />
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock aria-hidden className="size-4" />
          Duration: {lesson.durationText}
        </p>
        <div className="grid gap-2">
          <h3 className="font-semibold">Key points</h3>
          <ul className="grid gap-2">
            {lesson.keyPoints.map((point, index) => (
              // By position: the text of two points may be the same.
              <li key={index} className="flex gap-2">
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                <RichText value={point} />
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  )
}
