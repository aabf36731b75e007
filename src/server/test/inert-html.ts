import { Window } from 'happy-dom'
import { expect } from 'vitest'

/** The markup the course's Markdown may produce, and the attributes each element may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  STRONG: [],
  EM: [],
  CODE: [],
  BR: [],
  A: ['href', 'title', 'target', 'rel'],
}
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i

const window = new Window()

/**
 * Fails unless `html` can run nothing: parsed as a browser parses it, every element is one the
 * Markdown subset makes, with none but its attributes, and every link goes to a web or mail
 * address. The raw text is checked too, so the test does not rest on one parser alone.
 */
export function expectInert(html: string) {
  const container = window.document.createElement('div')
  container.innerHTML = html
  for (const element of container.querySelectorAll('*')) {
    const allowed = ALLOWED[element.tagName]
    expect(allowed, `<${element.tagName.toLowerCase()}> in ${html}`).toBeDefined()
    for (const attribute of element.attributes) {
      expect(allowed, `${attribute.name}= on <${element.tagName.toLowerCase()}> in ${html}`).toContain(attribute.name)
    }
    const href = element.getAttribute('href')
    if (href !== null) expect(href, `href in ${html}`).toMatch(SAFE_HREF)
  }
  expect(html, 'a tag the Markdown subset does not make').not.toMatch(/<(?!\/?(?:strong|em|code|a|br)[\s>])/i)
  // Attribute values are quoted, and a quote inside one is escaped: what is left outside them is
  // the attributes' names.
  const outsideValues = html.replace(/="[^"]*"/g, '=""')
  expect(outsideValues, 'an event handler attribute').not.toMatch(/<[^>]*\son[a-z]+\s*=/i)
}
