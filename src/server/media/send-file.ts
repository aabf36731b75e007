import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { parseRange, type ByteRange } from './ranges'
import type { StoredFile } from './storage'

type FileToSend = StoredFile & { path: string; contentType: string; etag: string; cacheControl: string }

type Conditions = { method: string; range?: string; ifRange?: string; ifNoneMatch?: string }

/** What to answer: the body as a Node stream, made only when it is sent. */
type Answer = { status: number; headers: Headers; body?: () => Readable }

/**
 * Read in 1 MiB chunks rather than Node's 64 KiB: a player's range is a megabyte or more, and
 * each chunk costs a read on the thread pool and a write to the socket, each waiting its turn on
 * a busy event loop (figures 10 and 12 of docs/performance.md). 20 players in flight hold 20 MB.
 */
const CHUNK_BYTES = 1024 * 1024

const stream = (path: string, range?: ByteRange) => () =>
  fs.createReadStream(path, { highWaterMark: CHUNK_BYTES, ...(range && { start: range.start, end: range.end }) })

/** An If-Range validator that still matches: the same strong ETag, or exactly the Last-Modified date. */
function ifRangeHolds(ifRange: string | undefined, file: FileToSend, lastModified: string): boolean {
  if (ifRange === undefined) return true
  const value = ifRange.trim()
  if (value.startsWith('"')) return value === file.etag
  if (value.startsWith('W/')) return false
  return value === lastModified
}

/** The several ranges of one answer as multipart/byteranges (HTTP's range requests, RFC 9110, section 14.6), streamed part by part. */
function multipart(file: FileToSend, ranges: ByteRange[], boundary: string) {
  const heads = ranges.map((range, index) =>
    Buffer.from(
      `${index === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${file.contentType}\r\nContent-Range: bytes ${range.start}-${range.end}/${file.bytes}\r\n\r\n`,
    ),
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = heads.reduce((sum, head) => sum + head.length, 0) + ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0) + tail.length
  async function* parts() {
    for (const [index, range] of ranges.entries()) {
      yield heads[index]!
      yield* fs.createReadStream(file.path, { highWaterMark: CHUNK_BYTES, start: range.start, end: range.end })
    }
    yield tail
  }
  return { length, body: () => Readable.from(parts()) }
}

/**
 * A stored file as HTTP answers a video player: `Accept-Ranges`, 206 for a satisfiable `Range`
 * (several ranges as multipart/byteranges), 416 for an unsatisfiable one, `ETag` and
 * `Last-Modified` with `If-Range` and `If-None-Match`, and `HEAD`. The body streams from disk.
 */
function answerFor(file: FileToSend, conditions: Conditions): Answer {
  const lastModified = file.modifiedAt.toUTCString()
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    ETag: file.etag,
    'Last-Modified': lastModified,
    'Cache-Control': file.cacheControl,
  })
  const isHead = conditions.method === 'HEAD'
  if (conditions.ifNoneMatch !== undefined && conditions.ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')) {
    return { status: 304, headers }
  }
  const answer = ifRangeHolds(conditions.ifRange, file, lastModified) ? parseRange(conditions.range, file.bytes) : { kind: 'whole' as const }
  if (answer.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.bytes}`)
    return { status: 416, headers }
  }
  if (answer.kind === 'whole') {
    headers.set('Content-Type', file.contentType)
    headers.set('Content-Length', String(file.bytes))
    return { status: 200, headers, body: isHead ? undefined : stream(file.path) }
  }
  const [only] = answer.ranges
  if (answer.ranges.length === 1 && only) {
    headers.set('Content-Type', file.contentType)
    headers.set('Content-Range', `bytes ${only.start}-${only.end}/${file.bytes}`)
    headers.set('Content-Length', String(only.end - only.start + 1))
    return { status: 206, headers, body: isHead ? undefined : stream(file.path, only) }
  }
  const boundary = randomBytes(12).toString('hex')
  const { length, body } = multipart(file, answer.ranges, boundary)
  headers.set('Content-Type', `multipart/byteranges; boundary=${boundary}`)
  headers.set('Content-Length', String(length))
  return { status: 206, headers, body: isHead ? undefined : body }
}

/**
 * Sends the answer. Under @hono/node-server the file is piped straight into Node's response
 * (`outgoing`), with Node's own backpressure, rather than through a web stream Hono would copy
 * chunk by chunk (figure 8 of docs/performance.md measures it); in-process tests get a web Response.
 */
export function sendFile(file: FileToSend, conditions: Conditions, outgoing?: ServerResponse): Response {
  const { status, headers, body } = answerFor(file, conditions)
  if (!outgoing) return new Response(body ? (Readable.toWeb(body()) as ReadableStream<Uint8Array>) : null, { status, headers })
  outgoing.writeHead(status, Object.fromEntries(headers))
  if (!body) outgoing.end()
  // A player that seeks closes the connection mid-file: that ends the pipe, and is no error.
  else pipeline(body(), outgoing).catch(() => {})
  return RESPONSE_ALREADY_SENT
}
