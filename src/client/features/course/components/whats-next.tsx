import { BookOpenCheck, CalendarCheck, Mail, Repeat } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { siteConfig } from '../../../lib/site-config'

const steps: { icon: ReactNode; title: string; detail: ReactNode }[] = [
  {
    icon: <CalendarCheck aria-hidden />,
    title: 'Put it to work this week',
    detail: 'Move every live client onto the right board and give each one a task with a due date.',
  },
  {
    icon: <Repeat aria-hidden />,
    title: 'Switch on your automations',
    detail: 'Turn on the renewal, DNQ follow-up and post-funding automations you built and tested.',
  },
  {
    icon: <BookOpenCheck aria-hidden />,
    title: 'Revisit any module, any time',
    detail: 'Your access is for life: come back whenever you want a refresher on a board, a stage or a template.',
  },
  {
    icon: <Mail aria-hidden />,
    title: 'Ask us anything',
    detail: (
      <>
        Questions as you go? Write to{' '}
        <a href={`mailto:${siteConfig.contactEmail}`} className="text-primary underline underline-offset-2">
          {siteConfig.contactEmail}
        </a>
        .
      </>
    ),
  },
]

export function WhatsNext() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What's Next</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.title} className="flex gap-3">
              <span className="mt-0.5 text-primary [&_svg]:size-5">{step.icon}</span>
              <span className="grid gap-0.5">
                <span className="font-semibold">{step.title}</span>
                <span className="text-sm text-muted-foreground">{step.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
