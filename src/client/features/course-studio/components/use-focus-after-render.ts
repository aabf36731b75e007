import { useLayoutEffect, useRef } from 'react'

/**
 * Focus by element id, now or once the next render has drawn the element: a moved, restored or
 * removed module's row is re-rendered (or replaced) by the change that the focus follows.
 */
export function useFocusAfterRender() {
  const focusNext = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    if (!focusNext.current) return
    const element = document.getElementById(focusNext.current)
    if (element) {
      element.focus()
      focusNext.current = undefined
    }
  })
  return {
    /** At once when the element is there, else after the next render. */
    focusTo: (id: string) => {
      const element = document.getElementById(id)
      if (element) element.focus()
      else focusNext.current = id
    },
    /** After the next render, whatever is there now. */
    focusAfterRender: (id: string) => {
      focusNext.current = id
    },
  }
}
