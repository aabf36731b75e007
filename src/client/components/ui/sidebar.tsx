import { PanelLeft } from 'lucide-react'
import {
  createContext,
  lazy,
  startTransition,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react'
import { cn } from '../../lib/utils'
import { useHydrated } from '../../lib/use-hydrated'
import { Button } from './button'

export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7
const SIDEBAR_ID = 'app-sidebar'
/** Under Tailwind's `md` breakpoint (768 px), the width at which the menu becomes a drawer. */
const MOBILE_QUERY = '(max-width: 767px)'

type SidebarContextValue = {
  isExpanded: boolean
  isMobile: boolean
  isMobileOpen: boolean
  setMobileOpen: (isOpen: boolean) => void
  toggle: () => void
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext)
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider')
  return context
}

/** The side menu's state as a Cookie header holds it (the browser's, or a request's on the server). */
export const isExpandedInCookies = (cookies: string): boolean =>
  !cookies.split(/;\s*/).includes(`${SIDEBAR_COOKIE_NAME}=false`)

/**
 * Expanded or collapsed to icons on wide screens (remembered in a cookie for 7 days), an
 * off-canvas drawer under 768px. Ctrl/Cmd+B toggles it. It starts as `defaultExpanded` says (a
 * page rendered on the server: as the request's cookie said), else as the browser's cookie says.
 */
export function SidebarProvider({ defaultExpanded, children }: { defaultExpanded?: boolean; children: ReactNode }) {
  const isMobile = useIsMobileAfterHydration()
  const [isExpanded, setExpanded] = useState(() => defaultExpanded ?? isExpandedInCookies(document.cookie))
  const [isMobileOpen, setMobileOpen] = useState(false)

  // The width now, not as last rendered: a phone's first tap may come before the update below.
  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((isOpen) => !isOpen)
      return
    }
    setExpanded((wasExpanded) => {
      const next = !wasExpanded
      document.cookie = `${SIDEBAR_COOKIE_NAME}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`
      return next
    })
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggle])

  const value = useMemo(
    () => ({ isExpanded, isMobile, isMobileOpen, setMobileOpen, toggle }),
    [isExpanded, isMobile, isMobileOpen, toggle],
  )
  return <SidebarContext value={value}>{children}</SidebarContext>
}

/**
 * Whether the window is phone-sized: false on the server and while React takes over the page it
 * rendered, then the window's answer, as a transition. (useSyncExternalStore would re-render the
 * menu at once, in one long task right after hydrating, on every phone: docs/performance.md, figure 6.)
 */
function useIsMobileAfterHydration(): boolean {
  const [isMobile, setMobile] = useState(false)
  useEffect(() => {
    const list = window.matchMedia(MOBILE_QUERY)
    const update = () => startTransition(() => setMobile(list.matches))
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [])
  return isMobile
}

const SidebarDrawer = lazy(() => import('./sidebar-drawer'))

export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isExpanded, isMobile, isMobileOpen, setMobileOpen } = useSidebar()
  const [wasOpened, setWasOpened] = useState(false)
  if (isMobileOpen && !wasOpened) setWasOpened(true)
  // The drawer (Radix Dialog) is fetched when first opened: a phone that never opens the menu
  // never loads it, and a closed drawer renders nothing anyway (docs/performance.md).
  const drawer = isMobile && wasOpened && (
    <Suspense fallback={null}>
      <SidebarDrawer id={SIDEBAR_ID} label={label} open={isMobileOpen} onOpenChange={setMobileOpen}>
        {children}
      </SidebarDrawer>
    </Suspense>
  )
  return (
    <>
      <Aside id={isMobile ? undefined : SIDEBAR_ID} label={label} isExpanded={isExpanded}>
        {children}
      </Aside>
      {drawer}
    </>
  )
}

/**
 * The menu beside the page. Kept on phones too, where CSS hides it, so that learning the width
 * after hydrating does not take the menu out of the page (the drawer has the id then).
 */
function Aside({ id, label, isExpanded, children }: { id: string | undefined; label: string; isExpanded: boolean; children: ReactNode }) {
  return (
    <aside
      id={id}
      aria-label={label}
      data-state={isExpanded ? 'expanded' : 'collapsed'}
      className={cn(
        // Hidden by CSS on phones, before and after the script knows the width.
        'group/sidebar sticky top-0 hidden h-svh md:flex shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        isExpanded ? 'w-64' : 'w-16',
      )}
    >
      {children}
    </aside>
  )
}

export function SidebarTrigger({ className, ...props }: ComponentProps<typeof Button>) {
  const { toggle, isExpanded, isMobile, isMobileOpen } = useSidebar()
  const isHydrated = useHydrated()
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle sidebar"
      aria-controls={SIDEBAR_ID}
      aria-expanded={isMobile ? isMobileOpen : isExpanded}
      title="Toggle sidebar (Ctrl/Cmd+B)"
      onClick={toggle}
      disabled={!isHydrated}
      className={className}
      {...props}
    >
      <PanelLeft aria-hidden />
    </Button>
  )
}

/** Text that shows only while the sidebar is expanded; stays available to screen readers. */
export function SidebarLabel({ children }: { children: ReactNode }) {
  return <span className="truncate group-data-[state=collapsed]/sidebar:sr-only">{children}</span>
}

export const sidebarItemClass =
  'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/90 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0 [&_svg]:size-5 [&_svg]:shrink-0'
