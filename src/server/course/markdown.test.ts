import { describe, expect, it } from 'vitest'
import { expectInert } from '../test/inert-html'
import { renderMarkdown } from './markdown'

describe('the Markdown subset', () => {
  it('renders bold, italic, inline code, web and mail links, and line breaks', () => {
    expect(renderMarkdown('**Bold** and *italic* and `code`')).toBe('<strong>Bold</strong> and <em>italic</em> and <code>code</code>')
    expect(renderMarkdown('See [the guide](https://example.com/guide?a=1&b=2).')).toBe(
      'See <a href="https://example.com/guide?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">the guide</a>.',
    )
    expect(renderMarkdown('[Write to us](mailto:help@example.com)')).toBe('<a href="mailto:help@example.com">Write to us</a>')
    expect(renderMarkdown('one\ntwo')).toBe('one<br>\ntwo')
  })

  it('leaves everything else as the text it was typed as', () => {
    expect(renderMarkdown('# Not a heading')).toBe('# Not a heading')
    expect(renderMarkdown('- not a list')).toBe('- not a list')
    expect(renderMarkdown('![an image](https://example.com/x.png)')).toBe(
      '!<a href="https://example.com/x.png" target="_blank" rel="noopener noreferrer">an image</a>',
    )
    expect(renderMarkdown('<https://example.com>')).toBe('&lt;https://example.com&gt;')
    expect(renderMarkdown('https://example.com')).toBe('https://example.com')
    expect(renderMarkdown('Insert {{first_name}} in the greeting')).toBe('Insert {{first_name}} in the greeting')
    expect(renderMarkdown('“Hi” – it’s new lead → contacted')).toBe('“Hi” – it’s new lead → contacted')
  })

  it('escapes what HTML would read', () => {
    expect(renderMarkdown('Fish & chips < 5 > 3 "quoted"')).toBe('Fish &amp; chips &lt; 5 &gt; 3 &quot;quoted&quot;')
  })
})

/** Hostile text an admin could type, or paste from somewhere. Each must come out inert. */
const hostile = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '&#x3C;img src=x onerror=alert(1)&#x3E;',
  '**<b onmouseover=alert(1)>bold</b>**',
  '`<script>alert(1)</script>`',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](java&#115;cript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript&#x3A;alert(1))',
  '[x](java%73cript:alert(1))',
  '[x](java\\script:alert(1))',
  '[x](\\javascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](VBScript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](DATA:text/html,<script>alert(1)</script>)',
  '[x](file:///etc/passwd)',
  '[x](//evil.example/path)',
  '[x](/relative/path)',
  '[x](#fragment)',
  '[x](https://ok.example/" onmouseover="alert(1))',
  '[x](https://ok.example/ "title\\" onclick=\\"alert(1)")',
  '[x](https://ok.example/ "<script>alert(1)</script>")',
  '[x](https:javascript:alert(1))',
  '[[x](javascript:alert(1))](https://ok.example/)',
  '[x]([y](javascript:alert(1)))',
  '[![img](javascript:alert(1))](https://ok.example/)',
  '[x](https://ok.example/)<img src=x onerror=alert(1)>',
  '[click **me**](javascript:alert(1))',
  '[x]\n\n[x]: javascript:alert(1)',
  '[x][ref]\n[ref]: https://ok.example/',
  '<https://ok.example/" onclick="alert(1)>',
  'javascript:alert(1)',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '\u0000<script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!-- comment --><script>alert(1)</script>',
  '<![CDATA[<script>alert(1)</script>]]>',
]

describe('hostile Markdown', () => {
  it('is checked by a test that does catch executable markup', () => {
    for (const html of [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="https://ok.example/" onclick="alert(1)">x</a>',
      '<strong style="x">x</strong>',
      '<script>alert(1)</script>',
    ]) {
      expect(() => expectInert(html), html).toThrow()
    }
  })

  it.each(hostile)('renders %j inert', (text) => {
    expectInert(renderMarkdown(text))
  })

  it('keeps the typed text of a refused link, escaped', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))')
    expect(renderMarkdown('[x](JaVaScRiPt:alert(1))')).toBe('[x](JaVaScRiPt:alert(1))')
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('keeps an address that tries to close its quote inside the attribute', () => {
    const html = renderMarkdown('[x](https://ok.example/ "a\\" onclick=\\"b")')
    expect(html).toBe('<a href="https://ok.example/" title="a&quot; onclick=&quot;b" target="_blank" rel="noopener noreferrer">x</a>')
  })
})
