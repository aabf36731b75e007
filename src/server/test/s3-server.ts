import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no types; this is the part of its API the tests use.
import S3rver from 's3rver'

/** A Koa context, as much of it as the additions below read and write. */
type S3Context = {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
}
type Middleware = (ctx: S3Context, next: () => Promise<void>) => Promise<void>
type S3rverInstance = { middleware: Middleware[]; run(): Promise<{ address: string; port: number }>; close(): Promise<void> }

export const S3_BUCKET = 'sws-media'

// Where s3rver's file store keeps a multipart upload: `<bucket>/._S3rver_uploads/<upload id>/`,
// with the object key in `key` and each part as `<number>` plus its MD5 in `<number>.md5`.
const uploadsDir = (directory: string, bucket: string) => path.join(directory, bucket, '._S3rver_uploads')

const s3Error = (ctx: S3Context, status: number, code: string, message: string) => {
  ctx.status = status
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`
}

/**
 * The multipart calls s3rver 3.7.1 (the newest on npm) lacks and tus's S3 store makes:
 * ListParts (how far an upload got, asked on every PATCH and HEAD), AbortMultipartUpload (an upload
 * deleted) and ListMultipartUploads (expiring abandoned uploads). Answered from s3rver's own file
 * store, in S3's XML; everything else goes on to s3rver.
 */
function multipartAdditions(directory: string): Middleware {
  return async (ctx, next) => {
    const [bucket, ...keyParts] = ctx.path.split('/').slice(1).map(decodeURIComponent)
    const key = keyParts.join('/')
    const uploadId = ctx.query.uploadId
    if (!bucket) return next()
    if (key && uploadId && ctx.query.partNumber === undefined && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsDir(directory, bucket), path.basename(uploadId))
      const storedKey = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined)
      if (storedKey !== key) return s3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.')
      if (ctx.method === 'DELETE') {
        await fs.rm(dir, { recursive: true, force: true })
        ctx.status = 204
        return
      }
      const numbers = (await fs.readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b)
      const parts = await Promise.all(
        numbers.map(async (number) => {
          const file = path.join(dir, String(number))
          const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')])
          return { PartNumber: number, LastModified: stat.mtime.toISOString(), ETag: `"${md5}"`, Size: stat.size }
        }),
      )
      ctx.body = {
        ListPartsResult: { Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: 0, MaxParts: 10000, IsTruncated: false, Part: parts },
      }
      return
    }
    if (!key && ctx.method === 'GET' && ctx.query.uploads !== undefined) {
      const root = uploadsDir(directory, bucket)
      const ids = await fs.readdir(root).catch(() => [] as string[])
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const keyFile = path.join(root, id, 'key')
          const [Key, stat] = await Promise.all([fs.readFile(keyFile, 'utf8'), fs.stat(keyFile)])
          return { Key, UploadId: id, Initiated: stat.mtime.toISOString() }
        }),
      )
      ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, MaxUploads: 1000, IsTruncated: false, Upload: uploads } }
      return
    }
    return next()
  }
}

/**
 * A local S3-compatible server (s3rver, completed by `multipartAdditions`) on a free port, with an
 * empty bucket, and the environment that points the portal at it. s3rver accepts its own fixed
 * credentials.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] }) as S3rverInstance
  // After s3rver's logger and its XML encoder (the first two), so answers given here are XML too.
  server.middleware.splice(2, 0, multipartAdditions(directory))
  const { port } = await server.run()
  return {
    directory,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** The multipart uploads under way in the bucket. */
    async multipartUploads() {
      return fs.readdir(uploadsDir(directory, S3_BUCKET)).catch(() => [] as string[])
    },
    /** Stops answering (connections are refused), keeping the bucket's files: S3 unreachable. */
    async stop() {
      await server.close()
    },
    async close() {
      await server.close().catch(() => {})
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
