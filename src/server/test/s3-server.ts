import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no types; this is the part of its API the tests use.
import S3rver from 's3rver'

type S3rverInstance = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> }

export const S3_BUCKET = 'sws-media'

/**
 * A local S3-compatible server (s3rver) on a free port, with an empty bucket, and the environment
 * that points the portal at it. s3rver accepts its own fixed credentials.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] }) as S3rverInstance
  const { port } = await server.run()
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
