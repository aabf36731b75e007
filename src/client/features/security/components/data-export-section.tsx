import { Download } from 'lucide-react'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { PERSONAL_DATA_URL } from '../api'

/** The learner's own data, to take away: a JSON file the server makes (GET /api/profile/export). */
export function DataExportSection() {
  return (
    <section aria-labelledby="your-data-heading">
      <Card>
      <CardHeader>
        <CardTitle id="your-data-heading">Your data</CardTitle>
        <CardDescription>
          Download everything the portal holds about you as a JSON file: your profile, your progress, your certificate,
          the browsers signed in to your account, and whether two-factor sign-in is on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href={PERSONAL_DATA_URL} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          Download My Data
        </a>
      </CardContent>
      </Card>
    </section>
  )
}
