import path from 'node:path'
import type { Env } from '../env'
import { openLocalStorage } from './local-storage'
import type { MediaStorage } from './storage'

/**
 * The storage the environment names: the S3 bucket when configured, else DATA_DIR/media. The S3
 * client is imported only then (docs/decisions/0103-rarely-used-libraries-load-on-first-use.md).
 */
export async function openMediaStorage(env: Env): Promise<MediaStorage> {
  if (!env.s3) return openLocalMediaStorage(env)
  const { openS3Storage } = await import('./s3-storage')
  return openS3Storage(env.s3)
}

/** DATA_DIR/media, for an app made without a storage of its own (tests). */
export function openLocalMediaStorage(env: Env): MediaStorage {
  if (env.s3) throw new Error('S3 is configured: open its storage with openMediaStorage(env)')
  return openLocalStorage(path.join(env.dataDir, 'media'))
}
