// The Welcome and sales pages' only script. They are HTML the server renders from the published
// course, with plain links, so they need no framework: this handles their one interactive link,
// and the app's bundle loads only when the visitor moves on to /auth or the course
// (docs/decisions/0060-public-pages-without-a-framework.md).
import { glideToPurchaseSteps, PURCHASE_SECTION_ID } from './features/marketing/purchase-steps'

document.addEventListener('click', (event) => {
  // A click that opens a new tab or window, or that something else handled, is left to the browser.
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = event.target instanceof Element ? event.target.closest(`a[href="#${PURCHASE_SECTION_ID}"]`) : null
  if (link && glideToPurchaseSteps()) event.preventDefault()
})
