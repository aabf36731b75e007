import { AlertCircle } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'

export function ProgressLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your progress" className="[&_svg]:size-8" />
    </div>
  )
}

/** Shown when progress could not be read; the course cannot show counts it does not have. */
export function ProgressLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <AlertCircle aria-hidden className="size-5 text-destructive" />
          We couldn’t load your progress
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
