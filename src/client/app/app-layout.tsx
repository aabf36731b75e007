import { use } from 'react'
import { Outlet } from 'react-router'
import { SidebarProvider, SidebarTrigger } from '../components/ui/sidebar'
import { ServerStateContext } from '../lib/server-state'
import { siteConfig } from '../lib/site-config'
import { SideMenu } from './side-menu'

/** Every signed-in screen: the side menu, and a top bar with its toggle. */
export default function AppLayout() {
  // A page the server rendered: the menu starts as the request's cookie said, as it was rendered.
  const isSidebarExpanded = use(ServerStateContext).state?.isSidebarExpanded
  return (
    <SidebarProvider defaultExpanded={isSidebarExpanded}>
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
