import { BookOpen, Home, LayoutDashboard, LogOut, Mail, Shield, TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { paths } from '../../shared/paths'
import {
  Sidebar,
  SidebarLabel,
  SidebarProvider,
  SidebarTrigger,
  sidebarItemClass,
  useSidebar,
} from '../components/ui/sidebar'
import { useSignOut } from '../features/auth/api'
import { useSession } from '../lib/session'
import { siteConfig } from '../lib/site-config'
import { useHydrated } from '../lib/use-hydrated'

function MenuLink({ to, icon, children, end }: { to: string; icon: ReactNode; children: string; end?: boolean }) {
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
    <button type="button" onClick={onSignOut} disabled={signOut.isPending || !isHydrated} title="Sign Out" className={sidebarItemClass}>
      <LogOut aria-hidden />
      <SidebarLabel>Sign Out</SidebarLabel>
    </button>
  )
}

function SideMenu() {
  const { isAdmin } = useSession()

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
          <MenuLink to={paths.home} end icon={<Home aria-hidden />}>
            Home
          </MenuLink>
          <MenuLink to={paths.dashboard} icon={<LayoutDashboard aria-hidden />}>
            Course Dashboard
          </MenuLink>
          <MenuLink to={paths.progress} icon={<TrendingUp aria-hidden />}>
            Your Progress
          </MenuLink>
          <li>
            <a href={`mailto:${siteConfig.contactEmail}`} title="Contact Us" className={sidebarItemClass}>
              <Mail aria-hidden />
              <SidebarLabel>Contact Us</SidebarLabel>
            </a>
          </li>
          {isAdmin && (
            <MenuLink to={paths.admin} icon={<Shield aria-hidden />}>
              Admin Panel
            </MenuLink>
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

/** Every signed-in screen: the side menu, and a top bar with its toggle. */
export default function AppLayout() {
  return (
    <SidebarProvider>
      <div className="flex min-h-svh">
        <SideMenu />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur">
            <SidebarTrigger />
            <p className="truncate text-sm font-medium text-muted-foreground">{siteConfig.tagline}</p>
          </header>
          <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  )
}
