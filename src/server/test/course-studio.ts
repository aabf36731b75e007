import { expect } from 'vitest'
import type { DraftCourse, DraftModule } from '../../shared/course/admin-api-types'
import type { ModuleContent } from '../../shared/course/schema'
import type { TestClient } from './harness'

// The course studio as an admin uses it, for the tests of what learners see when the course changes.

export const COURSE = '/api/admin/course'

export async function draftCourse(admin: TestClient): Promise<DraftCourse> {
  const response = await admin.get(COURSE)
  expect(response.status, response.text).toBe(200)
  return response.json
}

/** Loads a draft module, changes it, saves it; fails the test unless the save is taken. */
export async function editModule(admin: TestClient, id: string, change: (module: ModuleContent) => ModuleContent): Promise<DraftModule> {
  const loaded = await admin.get(`${COURSE}/modules/${id}`)
  expect(loaded.status, loaded.text).toBe(200)
  const draft = loaded.json as DraftModule
  const saved = await admin.put(`${COURSE}/modules/${id}`, { baseRevision: draft.revision, module: change(draft.module) })
  expect(saved.status, saved.text).toBe(200)
  return saved.json
}

export async function addModule(admin: TestClient, title: string): Promise<DraftModule> {
  const response = await admin.post(`${COURSE}/modules`, { title })
  expect(response.status, response.text).toBe(201)
  return response.json
}

export async function reorder(admin: TestClient, moduleIds: string[]): Promise<DraftCourse> {
  const response = await admin.put(`${COURSE}/order`, { moduleIds })
  expect(response.status, response.text).toBe(200)
  return response.json
}

export async function publish(admin: TestClient, note = 'A change'): Promise<number> {
  const response = await admin.post(`${COURSE}/publish`, { note })
  expect(response.status, response.text).toBe(200)
  return response.json.version
}

/** The draft's module ids in order, without the removed ones. */
export const draftOrder = (course: DraftCourse) =>
  course.modules.filter((module) => module.status !== 'removed').map((module) => module.id)
