import type { LucideIcon } from 'lucide-react'
import { NavLink } from 'react-router'
import { paths } from '../../../shared/paths'
import { cn } from '../../lib/utils'

export type AdminTab = { to: string; label: string; icon: LucideIcon }

/**
 * The panel's sections as links (each has its own address, so a reload or a shared link opens
 * the same one); the open one is marked aria-current="page", a section's own pages included
 * (the Course tab on the course's questions), the panel's landing only on itself.
 */
export function AdminSections({ tabs }: { tabs: readonly AdminTab[] }) {
  return (
    <nav aria-label="Admin sections" className="border-b">
      <ul className="-mb-px flex flex-wrap gap-x-0.5 sm:gap-x-1">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.admin}
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
