import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { Toaster } from '../components/ui/toaster'
import { AuthProvider } from '../features/auth/auth-provider'

/**
 * Server state, the session and toasts, for every screen that needs a session. Loaded lazily,
 * so the public pages never download them.
 */
export default function AppProviders() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry: 1 } } }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
