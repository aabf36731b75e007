import MarkdownIt from 'markdown-it'
import type { RichText } from '../../shared/course/api-types'

/**
 * The course's Markdown subset, rendered on the server only: bold, italic, inline code, links to
 * http(s) and mailto addresses, and line breaks (docs/decisions/0035-course-content-in-the-database.md).
 * Learners receive the HTML, so no Markdown library ships to the browser.
 *
 * What keeps an admin's text from running script in a learner's browser:
 * - raw HTML is off: `<script>`, `<img onerror=…>` and their entity-encoded forms come out as text;
 * - the 'zero' preset plus an allowlist of inline rules: no images, headings, autolinks or tables;
 * - a link's address must start with `http://`, `https://` or `mailto:` after markdown-it has
 *   decoded and normalised it, so `JaVaScRiPt:`, `java&#115;cript:`, `data:` and relative
 *   addresses are refused (the link is then left as the text it was typed as);
 * - attribute values are escaped by markdown-it's renderer, so an address cannot close its quote.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: false, breaks: true, typographer: false })
markdown.enable(['emphasis', 'backticks', 'link', 'newline', 'escape', 'entity'])

const ALLOWED_LINK = /^(?:https?:\/\/[^\s/]|mailto:[^\s])/i
markdown.validateLink = (url) => ALLOWED_LINK.test(url.trim())

// Web links open in a new tab, without handing the course page to the site they open.
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank')
    token.attrSet('rel', 'noopener noreferrer')
  }
  return self.renderToken(tokens, index, options)
}

/** One Markdown field as inline HTML: no paragraph around it, a line break for each new line. */
export const renderMarkdown = (text: string): string => markdown.renderInline(text)

export const richText = (text: string): RichText => ({ html: renderMarkdown(text) })
