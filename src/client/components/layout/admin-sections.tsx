import { BookOpen, ChartColumn, ChartLine, FileUp, History, Mail, PlugZap, Users } from 'lucide-react'
import { NavLink } from 'react-router'
import { paths } from '../../../shared/paths'
import { cn } from '../../lib/utils'

const sections = [
  { to: paths.adminInsights, label: 'Insights', icon: ChartLine, end: false },
  { to: paths.admin, label: 'Users', icon: Users, end: true },
  { to: paths.adminImport, label: 'Import', icon: FileUp, end: false },
  { to: paths.adminReports, label: 'Reports', icon: ChartColumn, end: false },
  { to: paths.adminCourse, label: 'Course', icon: BookOpen, end: false },
  { to: paths.adminIntegrations, label: 'Integrations', icon: PlugZap, end: false },
  { to: paths.adminActivity, label: 'Activity', icon: History, end: false },
  { to: paths.adminEmails, label: 'E-mails', icon: Mail, end: false },
]

/**
 * The panel's sections as links (each has its own address, so a reload or a shared link opens
 * the same one); the open one is marked aria-current="page".
 */
export function AdminSections() {
  return (
    <nav aria-label="Admin sections" className="border-b">
      <ul className="-mb-px flex flex-wrap gap-x-0.5 sm:gap-x-1">
        {sections.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-2 border-b-2 px-1 py-2.5 sm:px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )
              }
            >
              {/* Without icons the sections fit two short lines on a 360 px phone. */}
              <Icon aria-hidden className="hidden size-4 sm:block" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
