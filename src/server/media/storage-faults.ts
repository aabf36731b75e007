import { isConnectionError } from '../db/unavailable'
import { AppError } from '../errors'
import { isStorageFull } from './disk-full'

export const STORAGE_UNREACHABLE_MESSAGE = 'The media storage cannot be reached right now. Please try again in a few minutes.'
export const STORAGE_FULL_MESSAGE = "The server's storage is full, so this file could not be kept. Free some space (or ask whoever runs the portal to), then upload it again."

/**
 * Whether a media storage error means "not now" rather than "not so": the S3 endpoint cannot be
 * reached (a socket error, the SDK's timeout) or answers with a fault of its own (5xx).
 */
export function isStorageUnreachable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'NOT_READY'
  if (isConnectionError(error)) return true
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'TimeoutError' || name === 'RequestTimeout' || ($metadata?.httpStatusCode ?? 0) >= 500
}

/** The storage fault as the one error a client is answered with, or undefined for any other error. */
export function storageFault(error: unknown): AppError | undefined {
  if (isStorageFull(error)) return new AppError('INSUFFICIENT_STORAGE', STORAGE_FULL_MESSAGE)
  if (isStorageUnreachable(error)) return new AppError('NOT_READY', STORAGE_UNREACHABLE_MESSAGE)
  return undefined
}
