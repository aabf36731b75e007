import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FileStore } from '@tus/file-store'
import { ERRORS } from '@tus/utils'
import { isStorageFull } from './disk-full'
import { ABANDONED_UPLOAD_MS, type MediaStorage } from './storage'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * tus's file store, writing a PATCH's bytes as it does, except that a disk with no space left
 * stays that error (tus's own store turns every write error into a generic 500): the upload route
 * answers it as a full disk and deletes the partial file (uploads.ts).
 */
class UploadFileStore extends FileStore {
  constructor(
    private readonly pathOf: (uploadId: string) => string,
    options: ConstructorParameters<typeof FileStore>[0],
  ) {
    super(options)
  }

  override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    let received = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length
        callback(null, chunk)
      },
    })
    try {
      await pipeline(readable, counter, fsSync.createWriteStream(this.pathOf(uploadId), { flags: 'r+', start: offset }))
    } catch (error) {
      if (isStorageFull(error)) throw error
      throw ERRORS.FILE_WRITE_ERROR
    }
    return offset + received
  }
}

/** Media under `root` (DATA_DIR/media): unfinished uploads in uploads/, kept files in files/. */
export function openLocalStorage(root: string): MediaStorage {
  const uploadsDir = path.join(root, 'uploads')
  const filesDir = path.join(root, 'files')
  fsSync.mkdirSync(uploadsDir, { recursive: true })
  fsSync.mkdirSync(filesDir, { recursive: true })
  // Ids are the server's own (tus's random hex, our UUIDs), never a client's name; checked anyway.
  const safe = (id: string) => {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`Not a media id: ${id}`)
    return id
  }
  const uploadPath = (uploadId: string) => path.join(uploadsDir, safe(uploadId))
  const filePath = (mediaId: string) => path.join(filesDir, safe(mediaId))
  const datastore = new UploadFileStore(uploadPath, { directory: uploadsDir, expirationPeriodInMilliseconds: ABANDONED_UPLOAD_MS })

  const removeUpload = async (uploadId: string) => {
    await fs.rm(uploadPath(uploadId), { force: true })
    await fs.rm(`${uploadPath(uploadId)}.json`, { force: true })
  }

  return {
    kind: 'local',
    datastore,
    async readUploadStart(uploadId, length) {
      const handle = await fs.open(uploadPath(uploadId), 'r')
      try {
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await handle.read(buffer, 0, length, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    },
    withUploadFile: (uploadId, work) => work(uploadPath(uploadId)),
    async adoptUpload(uploadId, mediaId) {
      await fs.rename(uploadPath(uploadId), filePath(mediaId))
      await removeUpload(uploadId)
    },
    async putFile(mediaId, source) {
      await fs.copyFile(source, filePath(mediaId))
    },
    removeUpload,
    async remove(mediaId) {
      await fs.rm(filePath(mediaId), { force: true })
    },
    async deleteAbandonedUploads(now) {
      let deleted = 0
      for (const name of await fs.readdir(uploadsDir)) {
        if (!name.endsWith('.json')) continue
        const uploadId = name.slice(0, -'.json'.length)
        try {
          const info = JSON.parse(await fs.readFile(path.join(uploadsDir, name), 'utf8')) as { creation_date?: string }
          const createdAt = info.creation_date ? Date.parse(info.creation_date) : 0
          if (now.getTime() - createdAt < ABANDONED_UPLOAD_MS) continue
        } catch (error) {
          if (isMissing(error)) continue
        }
        await removeUpload(uploadId)
        deleted += 1
      }
      return deleted
    },
    async stat(mediaId) {
      try {
        const stats = await fs.stat(filePath(mediaId))
        return { bytes: stats.size, modifiedAt: stats.mtime }
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    filePath,
  }
}
