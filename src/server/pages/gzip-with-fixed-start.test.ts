import { createGunzip, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gzipWithFixedStart } from './gzip-with-fixed-start'

/** A stylesheet-like start, long enough to span several deflate blocks, with text outside ASCII. */
const start = '<!doctype html><html><head><style>' + Array.from({ length: 3000 }, (_, i) => `.c${i}{margin:${i % 17}px} /* Café ✓ */`).join('') + '</style>'

/** How a browser reads an answer: a streaming decoder, fed a few bytes at a time. */
async function gunzipInChunks(gzipped: Buffer, chunkSize = 7): Promise<string> {
  const gunzip = createGunzip()
  const out: Buffer[] = []
  gunzip.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject))
  for (let at = 0; at < gzipped.length; at += chunkSize) gunzip.write(gzipped.subarray(at, at + chunkSize))
  gunzip.end()
  await done
  return Buffer.concat(out).toString()
}

describe('gzipWithFixedStart', () => {
  const gzip = gzipWithFixedStart(start)

  it.each([
    ['a page after the start', `${start}<title>Module 1: Welcome &amp; Orientation</title><body>${'Hello, Zoë! '.repeat(500)}</body>`],
    ['the start alone', start],
    ['a page with nothing of the start', '<p>Not from the template</p>'],
    ['a page with only part of the start', start.slice(0, 1000)],
    ['an empty page', ''],
  ])('gives gzip that decodes to the whole of %s, CRC-32 and length checked', async (_, page) => {
    const gzipped = await gzip(page)
    expect([...gzipped.subarray(0, 3)]).toEqual([0x1f, 0x8b, 0x08])
    expect(gunzipSync(gzipped).toString()).toBe(page)
    expect(await gunzipInChunks(gzipped)).toBe(page)
  })

  it('with an empty start, as a renderer without a template has', async () => {
    const page = '<p>Just this</p>'
    expect(gunzipSync(await gzipWithFixedStart('')(page)).toString()).toBe(page)
  })

  it('makes an answer about as small as gzip over the whole page', async () => {
    const page = `${start}<body>${'Progress: 3 of 8 modules. '.repeat(200)}</body>`
    const spliced = await gzip(page)
    expect(gunzipSync(spliced).toString()).toBe(page)
    expect(spliced.length).toBeLessThan(gzipSync(page, { level: 6 }).length * 1.05)
  })
})
