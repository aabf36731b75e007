import { expect } from 'vitest'
import type { DraftCourse, DraftModule } from '../../src/shared/course/admin-api-types'
import type { ModuleContent } from '../../src/shared/course/schema'

/**
 * An admin working on the course through the API, as the Course section does: signed in with
 * fetch, its session cookie kept, every request sent with the portal's Origin (the CSRF check).
 */
export async function signInAdmin(portalUrl: string, email: string, password: string) {
  let cookie = ''
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${portalUrl}${path}`, {
      method,
      headers: { origin: portalUrl, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true)
    const setCookies = response.headers.getSetCookie()
    if (setCookies.length > 0) cookie = setCookies.map((header) => header.split(';')[0]).join('; ')
    return (text ? JSON.parse(text) : undefined) as T
  }

  await request('POST', '/api/auth/sign-in/email', { email, password })
  const course = '/api/admin/course'
  return {
    draft: () => request<DraftCourse>('GET', course),
    /** Loads a draft module, changes it and saves it on the revision it loaded. */
    async editModule(id: string, change: (module: ModuleContent) => ModuleContent): Promise<DraftModule> {
      const draft = await request<DraftModule>('GET', `${course}/modules/${id}`)
      return request<DraftModule>('PUT', `${course}/modules/${id}`, { baseRevision: draft.revision, module: change(draft.module) })
    },
    addModule: (title: string) => request<DraftModule>('POST', `${course}/modules`, { title }),
    reorder: (moduleIds: string[]) => request<DraftCourse>('PUT', `${course}/order`, { moduleIds }),
    publish: (note: string) => request<{ version: number }>('POST', `${course}/publish`, { note }),
  }
}
