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

/** One row of the admin panel's user list. */
export type AdminUser = {
  id: string
  email: string
  fullName: string | null
  role: Role
  /** Still holds a temporary password. */
  mustChangePassword: boolean
  /** Modules completed, out of the course's module count. */
  completedModules: number
  createdAt: string
}

/** `GET /api/admin/users`: one page, and how many users match in all. */
export type AdminUserPage = {
  users: AdminUser[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** `POST /api/admin/users`: the new user, and whether the login details e-mail went out. */
export type CreatedUser = { user: AdminUser; loginDetails: 'sent' | 'not-requested' | 'failed' }
