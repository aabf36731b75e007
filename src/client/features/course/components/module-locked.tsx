import { LockKeyhole } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

/**
 * A module the course's schedule has not opened for this learner: the server sent the reason
 * ('Opens on 12 December.', 'Finish module 3 first.') and none of the content (docs/decisions/0090-course-schedule.md).
 */
export function ModuleLocked({ moduleNumber, reason }: { moduleNumber: number; reason: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          <LockKeyhole aria-hidden className="size-5" />
          Module {moduleNumber} is not open yet
        </CardTitle>
        <CardDescription className="text-base text-foreground">{reason}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
          Back to Dashboard
        </Link>
      </CardContent>
    </Card>
  )
}
