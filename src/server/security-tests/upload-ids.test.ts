import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH } from '../../shared/media'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { snapshotDb } from '../test/db-snapshot'
import { createUpload, patchUpload } from '../test/media-files'

// An upload id is checked by the portal before tus, whose file store decodes the path segment, is
// given it: a `..%2F` id must never reach the store.

let h: Harness
let admin: TestClient

/** Every file under the media directory, with its size: what the store holds. */
async function storeContents() {
  const root = path.join(h.env.dataDir, 'media')
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name)
        return `${path.relative(root, file)} ${(await fs.stat(file)).size}`
      }),
  )
  return files.sort()
}

beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(() => h.close())

describe('tus upload ids', () => {
  it('refuses an id that is not an upload id on HEAD, PATCH and DELETE with 400, before the store is asked', async () => {
    // A real upload, half sent: its files are what a `..%2F` id would aim at.
    const created = await createUpload(admin, 64)
    expect(created.status, created.text).toBe(201)
    const location = created.headers.get('location')!
    const uploadId = location.split('/').at(-1)!
    expect((await patchUpload(admin, location, 0, Buffer.alloc(32, 1))).status).toBe(204)

    const before = { db: await snapshotDb(h.db), store: await storeContents() }
    for (const id of [`..%2F${uploadId}`, `..%2F..%2Fmedia%2Fuploads%2F${uploadId}`, `${uploadId}%2F..`, `${uploadId}.json`, 'x'.repeat(65)]) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const url = `${MEDIA_UPLOAD_PATH}/${id}`
        const answer =
          method === 'PATCH'
            ? await patchUpload(admin, url, 32, Buffer.alloc(32, 2))
            : await admin.request(method, url, { headers: { 'tus-resumable': '1.0.0' } })
        expect(answer.status, `${method} ${id}`).toBe(400)
        if (method !== 'HEAD') expect(answer.json.error, `${method} ${id}`).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
    }
    expect({ db: await snapshotDb(h.db), store: await storeContents() }).toEqual(before)

    // The real id still works: the refusals touched nothing.
    const head = await admin.request('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('32')
  })
})
