// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isExpandedInCookies, Sidebar, SidebarLabel, SidebarProvider, SidebarTrigger } from './sidebar'

function Layout({ defaultExpanded }: { defaultExpanded?: boolean }) {
  return (
    <SidebarProvider defaultExpanded={defaultExpanded}>
      <Sidebar label="Main menu">
        <SidebarLabel>Course Dashboard</SidebarLabel>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>
  )
}

const toggle = () => screen.getByRole('button', { name: 'Toggle sidebar' })
const menu = () => screen.getByRole('complementary', { name: 'Main menu' })
const isExpanded = () => toggle().getAttribute('aria-expanded') === 'true' && menu().dataset.state === 'expanded'
const isCollapsed = () => toggle().getAttribute('aria-expanded') === 'false' && menu().dataset.state === 'collapsed'
const forgetCookie = () => (document.cookie = 'sidebar_state=; path=/; max-age=0')

beforeEach(forgetCookie)
afterEach(() => {
  cleanup()
  forgetCookie()
})

describe('the side menu’s collapsed state', () => {
  it('starts expanded, collapses and expands again with its button, and remembers it in a cookie', async () => {
    const user = userEvent.setup()
    render(<Layout />)
    expect(isExpanded()).toBe(true)
    expect(toggle().getAttribute('aria-controls')).toBe(menu().id)

    const written = vi.spyOn(document, 'cookie', 'set')
    await user.click(toggle())
    expect(isCollapsed()).toBe(true)
    expect(document.cookie).toContain('sidebar_state=false')
    // For 7 days, for every page of the site (docs/spec.md §2).
    expect(written).toHaveBeenCalledWith('sidebar_state=false; path=/; max-age=604800; samesite=lax')
    written.mockRestore()

    await user.click(toggle())
    expect(isExpanded()).toBe(true)
    expect(document.cookie).toContain('sidebar_state=true')
  })

  it('toggles with Ctrl+B and Cmd+B, not with other combinations', async () => {
    const user = userEvent.setup()
    render(<Layout />)

    await user.keyboard('{Control>}b{/Control}')
    expect(isCollapsed()).toBe(true)
    await user.keyboard('{Meta>}b{/Meta}')
    expect(isExpanded()).toBe(true)
    await user.keyboard('{Control>}{Shift>}b{/Shift}{/Control}')
    await user.keyboard('b')
    expect(isExpanded()).toBe(true)
  })

  it('starts collapsed when the cookie says so', () => {
    document.cookie = 'sidebar_state=false; path=/'
    render(<Layout />)
    expect(isCollapsed()).toBe(true)
  })

  it('starts as the page was rendered on the server, whatever the browser’s cookie', () => {
    document.cookie = 'sidebar_state=false; path=/'
    render(<Layout defaultExpanded />)
    expect(isExpanded()).toBe(true)
  })

  it('reads the state from a request’s Cookie header as the browser does', () => {
    expect(isExpandedInCookies('')).toBe(true)
    expect(isExpandedInCookies('theme=dark; sidebar_state=false')).toBe(false)
    expect(isExpandedInCookies('sidebar_state=true; theme=dark')).toBe(true)
  })
})
