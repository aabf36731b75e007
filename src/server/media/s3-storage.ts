import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { S3Store } from '@tus/s3-store'
import type { S3Config } from '../env'
import { ABANDONED_UPLOAD_MS, type MediaStorage } from './storage'

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name
  return name === 'NotFound' || name === 'NoSuchKey'
}

/**
 * Media in an S3-compatible bucket: tus's S3 store writes uploads as multipart uploads under their
 * tus id; kept files are `media/<id>`, fetched by learners through short-lived presigned URLs.
 */
export function openS3Storage(config: S3Config, expirationMs = ABANDONED_UPLOAD_MS): MediaStorage {
  const clientConfig: S3ClientConfig = {
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
  const client = new S3Client(clientConfig)
  const Bucket = config.bucket
  const datastore = new S3Store({ s3ClientConfig: { ...clientConfig, bucket: Bucket }, expirationPeriodInMilliseconds: expirationMs })
  const key = (mediaId: string) => `media/${mediaId}`

  const removeKeys = async (keys: string[]) => {
    await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }))
  }
  const removeUpload = (uploadId: string) => removeKeys([uploadId, `${uploadId}.info`, `${uploadId}.part`])

  return {
    kind: 's3',
    datastore,
    async readUploadStart(uploadId, length) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: uploadId, Range: `bytes=0-${length - 1}` }))
      return Buffer.from(await answer.Body!.transformToByteArray())
    },
    async withUploadFile(uploadId, work) {
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sws-s3-'))
      try {
        const file = path.join(dir, 'upload')
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: uploadId }))
        await pipeline(answer.Body as Readable, fs.createWriteStream(file))
        return await work(file)
      } finally {
        await fsp.rm(dir, { recursive: true, force: true })
      }
    },
    async adoptUpload(uploadId, mediaId, contentType) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: key(mediaId), CopySource: `${Bucket}/${uploadId}`, ContentType: contentType, MetadataDirective: 'REPLACE' }),
      )
      await removeUpload(uploadId)
    },
    async putFile(mediaId, filePath, contentType) {
      const { size } = await fsp.stat(filePath)
      await client.send(new PutObjectCommand({ Bucket, Key: key(mediaId), Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }))
    },
    removeUpload,
    remove: (mediaId) => removeKeys([key(mediaId)]),
    // tus's S3 store expires unfinished multipart uploads by their start date.
    deleteAbandonedUploads: () => datastore.deleteExpired(),
    async stat(mediaId) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(mediaId) }))
        return { bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) }
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    presignedUrl: (mediaId, seconds, contentType) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key(mediaId), ResponseContentType: contentType }), { expiresIn: seconds }),
  }
}
