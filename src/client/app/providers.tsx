import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { use, useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { Toaster } from '../components/ui/toaster'
import { ServerStateContext, type ServerState } from '../lib/server-state'
import { AuthProvider } from '../lib/auth'

/**
 * Data this recent is not fetched again when a screen mounts. The server renders a page with data
 * it has just read: fetched again while the page hydrates, it would re-render the screen at once,
 * in a long task (a snapshot that changes during hydration re-renders synchronously).
 */
const FRESH_FOR_MS = 5_000

/** The server's data, as fresh as the page: the browser's clock decides when it goes stale, not the server's. */
function hydrateFromServer(client: QueryClient, { queries }: ServerState) {
  const now = Date.now()
  hydrate(client, {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  })
}

/**
 * Server state, the session and toasts, for every screen that needs a session. Loaded lazily,
 * so the public pages never download them.
 */
export default function AppProviders() {
  const serverState = use(ServerStateContext)
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: FRESH_FOR_MS, refetchOnWindowFocus: true, retry: 1 } },
    })
    // A page the server rendered starts from the data it rendered with.
    if (serverState.state) hydrateFromServer(client, serverState.state)
    return client
  })
  // Hydrated (the side menu, below, has read it too): a later mount must fetch afresh. Not emptied
  // by the provider above: React hydrates the screens after the root has committed.
  useEffect(() => serverState.empty(), [serverState])
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
