import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { AdminSections } from '../components/layout/admin-sections'

/** The Admin Panel: its heading, the sections' navigation, and the open section. */
export default function AdminPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold">Admin Panel</h1>
        <p className="text-muted-foreground">
          Create and import learner accounts, follow their progress, edit the course, and connect the marketplace.
        </p>
      </div>
      <AdminSections />
      {/* Each section is its own chunk: the heading and navigation stay while one loads. */}
      <Suspense
        fallback={
          <div className="flex justify-center py-10">
            <Spinner label="Loading section" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  )
}
