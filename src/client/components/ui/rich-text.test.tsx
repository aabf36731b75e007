import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichText } from './rich-text'

describe('RichText', () => {
  it('puts the server’s HTML into the element, as it came', () => {
    const html = '<strong>Bold</strong>, <em>italic</em>, <code>code</code><br><a href="https://example.com" rel="noopener noreferrer" target="_blank">a link</a> &amp; more'
    expect(renderToStaticMarkup(<RichText value={{ html }} as="p" className="lead" />)).toBe(`<p class="lead">${html}</p>`)
  })

  it('is a span unless told otherwise, with nothing around it', () => {
    expect(renderToStaticMarkup(<RichText value={{ html: 'Plain text' }} />)).toBe('<span>Plain text</span>')
    expect(renderToStaticMarkup(<RichText value={{ html: 'An item' }} as="li" />)).toBe('<li>An item</li>')
  })

  it('renders no Markdown of its own: what the server left as text stays text', () => {
    const html = '**not bold** _not italic_ [not a link](https://example.com) &lt;b&gt;'
    expect(renderToStaticMarkup(<RichText value={{ html }} />)).toBe(`<span>${html}</span>`)
  })
})
