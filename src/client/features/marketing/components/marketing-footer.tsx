import { BookOpen, Mail } from 'lucide-react'
import { siteConfig } from '../../../lib/site-config'

export function MarketingFooter() {
  return (
    <footer className="border-t bg-secondary/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-accent">
            <BookOpen aria-hidden className="size-5" />
          </span>
          <p>
            <span className="block font-semibold text-primary">{siteConfig.courseName}</span>
            <span className="block text-sm text-muted-foreground">{siteConfig.tagline}</span>
          </p>
        </div>
        <div className="flex flex-col gap-2 text-sm text-muted-foreground md:items-end">
          <p className="flex flex-wrap items-center gap-1.5">
            <Mail aria-hidden className="size-4" />
            Questions? Contact us at
            <a
              href={`mailto:${siteConfig.contactEmail}`}
              className="rounded-sm font-medium break-all text-primary underline underline-offset-4 hover:text-primary/80"
            >
              {siteConfig.contactEmail}
            </a>
          </p>
          <p>
            © {siteConfig.copyrightYear} {siteConfig.tagline}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}
