import { NavLink } from 'react-router'
import { adminPaths } from '../../../../shared/admin-paths'
import { cn } from '../../../lib/utils'

const views = [
  { to: adminPaths.course, label: 'Modules' },
  { to: adminPaths.courseQuestions, label: 'Questions' },
]

/** The Course section's two views: the draft's modules with the versions, and the knowledge checks' questions. */
export function CourseSectionNav() {
  return (
    <nav aria-label="Course section">
      <ul className="flex gap-2">
        {views.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  isActive ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
