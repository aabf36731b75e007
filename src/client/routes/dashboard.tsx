import { Link } from 'react-router'
import { modules } from '../../shared/course/catalog'
import { paths } from '../../shared/paths'
import { pageTitle } from '../lib/site-config'

/** The Course Dashboard. Progress and stats arrive with the course work. */
export default function DashboardPage() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <title>{pageTitle('Course Dashboard')}</title>
      <h1 className="text-3xl font-bold">Course Dashboard</h1>
      <ul className="grid gap-3 sm:grid-cols-2">
        {modules.map((module) => (
          <li key={module.moduleNumber}>
            <Link to={paths.module(module.moduleNumber)} className="block rounded-xl border bg-card p-4 hover:bg-muted">
              <span className="text-sm text-muted-foreground">Module {module.moduleNumber}</span>
              <span className="block font-semibold">{module.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
