import type { RichText as RichTextValue } from '../../../shared/course/api-types'

type Props = { value: RichTextValue; as?: 'p' | 'span' | 'li'; className?: string }

/**
 * A Markdown field of the course, as the server rendered it (src/server/course/markdown.ts): the
 * server is its one renderer, and lets through only inline elements with safe addresses
 * (docs/decisions/0035-course-content-in-the-database.md). It goes into the page as it came; the
 * browser parses no Markdown and ships no Markdown library.
 */
export function RichText({ value, as: Element = 'span', className }: Props) {
  return <Element className={className} dangerouslySetInnerHTML={{ __html: value.html }} />
}
