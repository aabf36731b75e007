import type { Role } from './schemas/fields'

/** The signed-in user's own record, as `GET /api/profile` returns it. */
export type Profile = {
  id: string
  email: string
  fullName: string | null
  role: Role
  mustChangePassword: boolean
}

/** The body of every error answer from the API. */
export type ApiErrorBody = {
  error: { code: string; message: string; issues?: { path: string; message: string }[] }
}
