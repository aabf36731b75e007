import type { MouseEvent, ReactNode } from 'react'
import { buttonVariants } from '../../../components/ui/button-variants'

export const PURCHASE_SECTION_ID = 'how-to-purchase'
export const PURCHASE_HEADING_ID = 'how-to-purchase-heading'

/**
 * A link to the purchase steps. A plain in-page link, so it works before the JavaScript has
 * loaded; once it has, the page glides to the steps and focus follows, for keyboard users.
 */
export function PurchaseStepsLink({ className, children }: { className?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(PURCHASE_SECTION_ID)
    const heading = document.getElementById(PURCHASE_HEADING_ID)
    if (!section || !heading) return
    event.preventDefault()
    const isReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView({ behavior: isReducedMotion ? 'auto' : 'smooth', block: 'start' })
    heading.focus({ preventScroll: true })
  }
  return (
    <a href={`#${PURCHASE_SECTION_ID}`} onClick={onClick} className={className}>
      {children}
    </a>
  )
}

export function PurchaseNowLink({ className }: { className?: string }) {
  return (
    <PurchaseStepsLink className={buttonVariants({ variant: 'accent', size: 'lg', className })}>
      Already a User? Purchase Now
    </PurchaseStepsLink>
  )
}
