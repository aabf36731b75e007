import type { UploadKind } from '../../shared/media'

/** How many bytes from the start of a file decide its type. */
export const SNIFF_BYTES = 4100

/** The video containers learners' browsers play, by what file-type finds in the bytes. */
const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
}

export const REFUSED_VIDEO = 'This file is not a video the portal can play. Upload an MP4, WebM or MOV video.'
export const REFUSED_CAPTIONS = 'This file is not a WebVTT captions file. Upload a .vtt file that starts with WEBVTT.'

type Sniffed = { ok: true; contentType: string } | { ok: false; message: string }

/**
 * The type of an upload, from its first bytes, never its name: a video must be MP4, WebM or MOV,
 * a captions file WebVTT (which starts with "WEBVTT", after an optional byte-order mark).
 */
export async function sniffUpload(kind: UploadKind, start: Buffer): Promise<Sniffed> {
  if (kind === 'captions') {
    const text = start.subarray(0, 10).toString('utf8').replace(/^\uFEFF/, '')
    const isWebVtt = /^WEBVTT(?:[ \t\r\n]|$)/.test(text) && !start.includes(0)
    return isWebVtt ? { ok: true, contentType: 'text/vtt; charset=utf-8' } : { ok: false, message: REFUSED_CAPTIONS }
  }
  // Imported here, as every library only a rare task needs (decision 0103).
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(start)
  const contentType = found && VIDEO_TYPES[found.ext]
  return contentType ? { ok: true, contentType } : { ok: false, message: REFUSED_VIDEO }
}
