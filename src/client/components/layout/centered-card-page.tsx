import { BookOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import { paths } from '../../../shared/paths'
import { siteConfig } from '../../lib/site-config'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'

/** The sign-in, reset and change-password screens: one card on a quiet page. */
export function CenteredCardPage({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-gradient-to-b from-secondary to-background px-4 py-10">
      <header className="mb-6">
        {/* A plain link: the sign-in page has no router (src/client/sign-in.tsx). */}
        <a href={paths.home} className="flex items-center gap-2 text-primary">
          <BookOpen aria-hidden className="size-7" />
          <span className="text-lg font-semibold">{siteConfig.tagline}</span>
        </a>
      </header>
      <main className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  )
}
