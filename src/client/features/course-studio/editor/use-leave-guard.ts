import { useEffect, useRef, useState } from 'react'

type LeaveGuardOptions = {
  /** Whether leaving now would lose what the admin typed. */
  wouldLoseChanges: () => boolean
  /** Whether the page holds anything unsaved at all (a change still waiting for its save counts). */
  hasUnsavedChanges: () => boolean
  /** Called as the page unloads: send what can be sent. */
  onUnload: () => void
  /** Addresses that stay on this screen (the editor and its preview): no question asked. */
  staysHere: (pathname: string) => boolean
}

/**
 * Asks before the admin leaves with text that cannot be saved. The router is declarative (no
 * blocker, docs/decisions/0022-declarative-router.md), so a click on any link, or on a control
 * marked `data-leaves-screen` (Sign Out), is caught before React Router sees it; the admin
 * then stays, or goes on (the same click again, let through). Closing or reloading the tab gets
 * the browser's own question. The browser's Back button is not a click: the editor sends what
 * it can as it unmounts.
 */
export function useLeaveGuard({ wouldLoseChanges, hasUnsavedChanges, onUnload, staysHere }: LeaveGuardOptions) {
  const [held, setHeld] = useState<HTMLElement | null>(null)
  const letThrough = useRef(false)
  const hasChosenToLeave = useRef(false)
  const options = useRef({ wouldLoseChanges, hasUnsavedChanges, onUnload, staysHere })
  useEffect(() => {
    options.current = { wouldLoseChanges, hasUnsavedChanges, onUnload, staysHere }
  })

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (letThrough.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], [data-leaves-screen]') : null
      if (!target) return
      if (target instanceof HTMLAnchorElement) {
        // A new tab or a download leaves this page where it is.
        if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return
        const url = new URL(target.href, window.location.href)
        const isSamePage = url.pathname === window.location.pathname && url.search === window.location.search
        if (isSamePage || (url.origin === window.location.origin && options.current.staysHere(url.pathname))) return
      }
      if (!options.current.wouldLoseChanges()) return
      event.preventDefault()
      event.stopPropagation()
      setHeld(target)
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      options.current.onUnload()
      if (options.current.hasUnsavedChanges()) event.preventDefault()
    }
    document.addEventListener('click', onClick, true)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      document.removeEventListener('click', onClick, true)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [])

  return {
    /** The link or control whose click is held while the admin decides. */
    isAsking: held !== null,
    /** Whether the admin answered Leave: the text they leave is theirs to lose. */
    hasChosenToLeave: () => hasChosenToLeave.current,
    stay: () => setHeld(null),
    leave: () => {
      const target = held
      setHeld(null)
      if (!target) return
      hasChosenToLeave.current = true
      letThrough.current = true
      try {
        target.click()
      } finally {
        letThrough.current = false
      }
    },
  }
}
