// Component tests' helpers: the app's providers around a component, and the API answered at the
// network boundary (`fetch`), so the code under test runs its own requests, cache and toasts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, render, screen, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, vi } from 'vitest'
import { Toaster } from '../components/ui/toaster'

// findBy…/waitFor wait for what a user would see; the default second is too short when CI runs
// the suites in parallel on two busy cores (a toast rendered after 1.2 s failed a run).
configure({ asyncUtilTimeout: 5_000 })

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  // Toasts outlive their Toaster in sonner's own store: the next test starts with none.
  const { toast } = await import('sonner')
  toast.dismiss()
})

/** The page's URL, as the router holds it: what a list keeps in its search parameters. */
function CurrentUrl() {
  const location = useLocation()
  return <output aria-label="Current URL">{location.pathname + location.search}</output>
}

/** Renders `ui` as a screen of the app: a query client, a router at `url`, and the toasts. */
export function renderScreen(ui: ReactNode, { url = '/' }: { url?: string } = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <CurrentUrl />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}

/** A toast's title or text, once it shows (an error's title is 'Error', its text the message). */
export const findToast = (text: string): Promise<HTMLElement> =>
  screen.findByText(text, { selector: '[data-sonner-toast] [data-title], [data-sonner-toast] [data-description]' })

export type ApiRequest = { method: string; url: URL; body: unknown }

/** A JSON answer, as the API sends it. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Answers every `fetch` with `answer`; returns the requests made, in order. */
export function mockApi(answer: (request: ApiRequest) => Response | Promise<Response>): ApiRequest[] {
  const requests: ApiRequest[] = []
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = {
      method: init.method ?? 'GET',
      url: new URL(input, 'http://localhost:3000'),
      body: typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined,
    }
    requests.push(request)
    return answer(request)
  })
  return requests
}
