import { promisify } from 'node:util'
import { constants, crc32, deflateRaw, deflateRawSync, gzip } from 'node:zlib'

const deflateRest = promisify(deflateRaw)
const gzipWhole = promisify(gzip)

/** RFC 1952's member header: deflate, no flags, no time, no extra flags, made on Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
const REST_LEVEL = 6

/**
 * Gzip for documents that all begin with the same text: that beginning is compressed once, here,
 * and each document only for what follows it. The beginning's deflate blocks end with a sync flush
 * (byte-aligned, not final), so the rest's blocks can follow them in one deflate stream; the
 * trailer's CRC-32 and length are the whole document's. A signed-in page begins with its template's
 * head and inlined stylesheet, more than half of it (docs/decisions/0077-course-pages-gzip-with-fixed-start.md).
 */
export function gzipWithFixedStart(start: string) {
  const startBytes = Buffer.from(start)
  const startDeflated = deflateRawSync(startBytes, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH })
  const startCrc = crc32(startBytes)

  return async (document: string): Promise<Buffer> => {
    if (!document.startsWith(start)) return gzipWhole(document, { level: REST_LEVEL })
    const rest = Buffer.from(document.slice(start.length))
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc32(rest, startCrc), 0)
    trailer.writeUInt32LE((startBytes.length + rest.length) % 2 ** 32, 4)
    return Buffer.concat([GZIP_HEADER, startDeflated, await deflateRest(rest, { level: REST_LEVEL }), trailer])
  }
}
