import { LifeBuoy } from 'lucide-react'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { siteConfig } from '../../../lib/site-config'

export function NeedHelpCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy aria-hidden className="size-5 text-primary" />
          Need Help?
        </CardTitle>
        <CardDescription>
          Stuck on a step or have a question about your CRM? Send our support team a message and we’ll help you
          get moving.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href={`mailto:${siteConfig.contactEmail}`} className={buttonVariants({ variant: 'outline' })}>
          Contact Support
        </a>
      </CardContent>
    </Card>
  )
}
