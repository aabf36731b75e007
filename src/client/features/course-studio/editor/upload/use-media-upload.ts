import { useEffect, useRef, useState } from 'react'
import { Upload, type DetailedError } from 'tus-js-client'
import { MEDIA_UPLOAD_PATH, type UploadedMedia, type UploadKind } from '../../../../../shared/media'
import { api, ApiError } from '../../../../lib/api-client'
import { UploadRate } from './upload-rate'

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number; total: number; bytesPerSecond: number | null; secondsLeft: number | null; isRetrying: boolean }
  | { status: 'processing'; fileName: string }
  | { status: 'failed'; fileName: string; message: string; canResume: boolean }

/**
 * Waits between tries after a dropped connection: at once, then longer, for about ten minutes
 * (a closed laptop lid, a train through a tunnel); after that the admin resumes by hand, or the
 * browser's `online` event does.
 */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 120_000, 120_000, 180_000]

/**
 * Bytes per PATCH request: a dropped connection loses at most this much, and a proxy in front of
 * the portal with a request size limit still lets a large file through.
 */
const CHUNK_BYTES = 50 * 1024 * 1024

const POLL_MS = 1000

/** The server's own message from a tus answer (the one error body), or a plain one. */
function tusMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (!response) return 'The connection to the server was lost.'
  try {
    const body = JSON.parse(response.getBody()) as { error?: { message?: string } }
    if (body.error?.message) return body.error.message
  } catch {
    // Not our error body: a proxy's page, or nothing.
  }
  return `The server answered ${response.getStatus()}.`
}

/** A 4xx other than a conflict or a lock is the server's answer about the file: trying again gives the same. */
const isFinalRefusal = (status: number) => status >= 400 && status < 500 && status !== 409 && status !== 423

/**
 * One file uploaded over tus (docs/decisions/0058-resumable-uploads-in-the-editor.md): resumes
 * after a dropped connection, and after a reload when the same file is picked again (tus-js-client
 * keeps the upload's address in localStorage); then waits for the server to check the file.
 */
export function useMediaUpload(kind: UploadKind, onDone: (media: UploadedMedia) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const upload = useRef<Upload | null>(null)
  const poll = useRef<number | undefined>(undefined)
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  })

  const stopPolling = () => window.clearTimeout(poll.current)

  const waitForMedia = (fileName: string, uploadUrl: string) => {
    setState({ status: 'processing', fileName })
    const uploadId = uploadUrl.split('/').at(-1) ?? ''
    const check = async () => {
      try {
        const answer = await api<UploadedMedia | { status: 'processing' }>(`${MEDIA_UPLOAD_PATH}/${encodeURIComponent(uploadId)}/media`)
        if ('id' in answer) {
          setState({ status: 'idle' })
          done.current(answer)
          return
        }
      } catch (error) {
        if (error instanceof ApiError && error.status !== 0) {
          setState({ status: 'failed', fileName, message: error.message, canResume: false })
          return
        }
      }
      poll.current = window.setTimeout(() => void check(), POLL_MS)
    }
    void check()
  }

  const start = (file: File) => {
    upload.current?.abort().catch(() => {})
    stopPolling()
    const rate = new UploadRate()
    const uploading = { status: 'uploading', fileName: file.name, total: file.size, isRetrying: false } as const
    setState({ ...uploading, sent: 0, bytesPerSecond: null, secondsLeft: null })
    const next: Upload = new Upload(file, {
      endpoint: MEDIA_UPLOAD_PATH,
      metadata: { filename: file.name, filetype: file.type, kind },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        rate.add(sent, performance.now())
        setState({ ...uploading, total, sent, bytesPerSecond: rate.bytesPerSecond(), secondsLeft: rate.secondsLeft(total) })
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0
        if (isFinalRefusal(status)) return false
        rate.reset()
        setState((current) => (current.status === 'uploading' ? { ...current, isRetrying: true, bytesPerSecond: null, secondsLeft: null } : current))
        return true
      },
      onError: (error) => {
        const status = ('originalResponse' in error && error.originalResponse?.getStatus()) || 0
        setState({ status: 'failed', fileName: file.name, message: tusMessage(error), canResume: !isFinalRefusal(status) })
      },
      onSuccess: () => waitForMedia(file.name, next.url ?? ''),
    })
    upload.current = next
    // The same file picked again (after a reload, or a lost connection): carry on where it stopped.
    void next
      .findPreviousUploads()
      .then((previous) => {
        const [latest] = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))
        if (latest) next.resumeFromPreviousUpload(latest)
      })
      .catch(() => {})
      .finally(() => {
        if (upload.current === next) next.start()
      })
  }

  const resume = () => {
    const current = upload.current
    if (!current) return
    setState((previous) =>
      previous.status === 'failed'
        ? { status: 'uploading', fileName: previous.fileName, sent: 0, total: 0, bytesPerSecond: null, secondsLeft: null, isRetrying: true }
        : previous,
    )
    current.start()
  }

  /** Stops the upload and deletes what the server has of it. */
  const cancel = () => {
    stopPolling()
    const current = upload.current
    upload.current = null
    current?.abort(true).catch(() => {})
    setState({ status: 'idle' })
  }

  // Back online after the retries ran out: go on by itself.
  useEffect(() => {
    if (state.status !== 'failed' || !state.canResume) return
    const onOnline = () => resume()
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  })

  // Leaving the editor stops the upload but keeps it on the server: picking the file again resumes it.
  useEffect(
    () => () => {
      stopPolling()
      upload.current?.abort().catch(() => {})
    },
    [],
  )

  return { state, start, resume, cancel }
}
