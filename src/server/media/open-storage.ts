import path from 'node:path'
import type { Env } from '../env'
import { openLocalStorage } from './local-storage'
import { openS3Storage } from './s3-storage'
import type { MediaStorage } from './storage'

/** The storage the environment names: the S3 bucket when configured, else DATA_DIR/media. */
export const openMediaStorage = (env: Env): MediaStorage =>
  env.s3 ? openS3Storage(env.s3) : openLocalStorage(path.join(env.dataDir, 'media'))
