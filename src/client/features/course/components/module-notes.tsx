import { AlertTriangle, CheckCircle2, Lightbulb, Target } from 'lucide-react'
import type { ReactNode } from 'react'
import type { LearnerModule, RichText as RichTextValue } from '../../../../shared/course/api-types'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { RichText } from '../../../components/ui/rich-text'

type ListCardProps = { title: string; icon: ReactNode; items: readonly RichTextValue[]; className?: string }

function ListCard({ title, icon, items, className }: ListCardProps) {
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 marker:text-muted-foreground">
          {items.map((item, index) => (
            // By position: the text of two items may be the same.
            <RichText key={index} value={item} as="li" />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/** Important Reminders, Pro Tips, the action step and the key takeaways of a module. */
export function ModuleNotes({ content }: { content: LearnerModule }) {
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <ListCard
          title="Important Reminders"
          icon={<AlertTriangle aria-hidden className="size-5 text-destructive" />}
          items={content.importantReminders}
          className="border-destructive/30"
        />
        <ListCard
          title="Pro Tips"
          icon={<Lightbulb aria-hidden className="size-5 text-accent-foreground" />}
          items={content.proTips}
          className="border-accent/60"
        />
      </div>
      <Card className="border-primary/30 bg-secondary">
        <CardHeader className="pb-3">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary uppercase">
            <Target aria-hidden className="size-4" />
            Action Step
          </p>
          <CardTitle className="text-lg">{content.actionStep.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <RichText value={content.actionStep.description} as="p" />
        </CardContent>
      </Card>
      <section aria-labelledby="takeaways-heading" className="grid gap-3">
        <h2 id="takeaways-heading" className="text-2xl font-semibold">
          Key Takeaways
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {content.keyTakeaways.map((takeaway, index) => (
            <li key={index} className="flex gap-2 rounded-lg border bg-card p-3">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              <RichText value={takeaway} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
