import type { MouseEvent, ReactNode } from 'react'
import { buttonVariants } from '../../../components/ui/button-variants'
import { glideToPurchaseSteps, PURCHASE_SECTION_ID } from '../purchase-steps'

/** A link to the purchase steps: a plain in-page link, which glides there with focus following once a script runs. */
export function PurchaseStepsLink({ className, children }: { className?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (glideToPurchaseSteps()) event.preventDefault()
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
