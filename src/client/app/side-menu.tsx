import { BookOpen, Home, LayoutDashboard, LockKeyhole, LogOut, Mail, Shield, TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink, useNavigate } from 'react-router'
import { paths } from '../../shared/paths'
import { Sidebar, SidebarLabel, sidebarItemClass, useSidebar } from '../components/ui/sidebar'
import { ScheduleNote } from '../features/course/components/schedule-note'
import { useAuth, useSignOut } from '../lib/auth'
import { siteConfig } from '../lib/site-config'
import { useHydrated } from '../lib/use-hydrated'

type SideMenuLinkProps = { to: string; icon: ReactNode; children: string; end?: boolean }

/** A screen of the side menu: marked as the current page while open; on a phone it closes the drawer. */
function SideMenuLink({ to, icon, children, end }: SideMenuLinkProps) {
  const { isMobile, setMobileOpen } = useSidebar()
  return (
    <li>
      <NavLink to={to} end={end} title={children} className={sidebarItemClass} onClick={() => isMobile && setMobileOpen(false)}>
        {icon}
        <SidebarLabel>{children}</SidebarLabel>
      </NavLink>
    </li>
  )
}

/** Its own component: it re-renders once hydrated, the rest of the menu does not. */
function SignOutButton() {
  const signOut = useSignOut()
  const navigate = useNavigate()
  // The server renders the menu too: the button does nothing until the script has run.
  const isHydrated = useHydrated()
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate(paths.auth, { replace: true }) })
  return (
    // data-leaves-screen: a screen holding unsaved work (the course editor) asks before it goes.
    <button
      type="button"
      onClick={onSignOut}
      disabled={signOut.isPending || !isHydrated}
      title="Sign Out"
      className={sidebarItemClass}
      data-leaves-screen
    >
      <LogOut aria-hidden />
      <SidebarLabel>Sign Out</SidebarLabel>
    </button>
  )
}

/**
 * The portal's side menu (docs/spec.md §2): its screens, Security (two-factor sign-in and the
 * learner's data, beyond the specification), Contact Us, the Admin Panel for admins, and Sign Out.
 */
export function SideMenu() {
  const { isAdmin } = useAuth()

  return (
    <Sidebar label="Main menu">
      <div className="flex h-16 items-center gap-3 border-b border-sidebar-border px-4 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0">
        <BookOpen aria-hidden className="size-6 shrink-0 text-accent" />
        <SidebarLabel>
          <span className="block text-sm font-semibold">{siteConfig.shortName}</span>
          <span className="block text-xs text-sidebar-muted">{siteConfig.tagline}</span>
        </SidebarLabel>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          <SideMenuLink to={paths.home} end icon={<Home aria-hidden />}>
            Home
          </SideMenuLink>
          <SideMenuLink to={paths.dashboard} icon={<LayoutDashboard aria-hidden />}>
            Course Dashboard
          </SideMenuLink>
          <ScheduleNote />
          <SideMenuLink to={paths.progress} icon={<TrendingUp aria-hidden />}>
            Your Progress
          </SideMenuLink>
          <SideMenuLink to={paths.security} icon={<LockKeyhole aria-hidden />}>
            Security
          </SideMenuLink>
          <li>
            <a href={`mailto:${siteConfig.contactEmail}`} title="Contact Us" className={sidebarItemClass}>
              <Mail aria-hidden />
              <SidebarLabel>Contact Us</SidebarLabel>
            </a>
          </li>
          {isAdmin && (
            <SideMenuLink to={paths.admin} icon={<Shield aria-hidden />}>
              Admin Panel
            </SideMenuLink>
          )}
        </ul>
      </nav>
      <div className="grid gap-2 border-t border-sidebar-border p-2">
        <SignOutButton />
        <p className="px-3 pb-1 text-xs text-sidebar-muted group-data-[state=collapsed]/sidebar:sr-only">
          © {siteConfig.copyrightYear} {siteConfig.tagline}
        </p>
      </div>
    </Sidebar>
  )
}
