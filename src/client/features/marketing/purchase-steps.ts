// The one interactive thing on the public pages: a link to the purchase steps. Used by the React
// link (a visitor who arrived through the app) and by the public pages' own small script
// (src/client/public-page.ts), which is all those pages load (docs/decisions/0060-public-pages-without-a-framework.md).

export const PURCHASE_SECTION_ID = 'how-to-purchase'
export const PURCHASE_HEADING_ID = 'how-to-purchase-heading'

/**
 * Glides to the purchase steps, or jumps there for a visitor who asked for reduced motion, and
 * moves focus to their heading, for keyboard users. False when the page has no purchase steps:
 * the link then does what a link does.
 */
export function glideToPurchaseSteps(): boolean {
  const section = document.getElementById(PURCHASE_SECTION_ID)
  const heading = document.getElementById(PURCHASE_HEADING_ID)
  if (!section || !heading) return false
  const isReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  section.scrollIntoView({ behavior: isReducedMotion ? 'auto' : 'smooth', block: 'start' })
  heading.focus({ preventScroll: true })
  return true
}
