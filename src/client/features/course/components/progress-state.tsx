import { AlertCircle } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'

export function ProgressLoading({ label = 'Loading your progress' }: { label?: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  )
}

type LoadErrorProps = { title?: string; onRetry: () => void }

/** Shown when progress (or the course) could not be read; the course cannot show counts it does not have. */
export function ProgressLoadError({ title = 'We couldn’t load your progress', onRetry }: LoadErrorProps) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <AlertCircle aria-hidden className="size-5 text-destructive" />
          {title}
        </CardTitle>
        <CardDescription>Check your connection, then try again.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </CardContent>
    </Card>
  )
}
