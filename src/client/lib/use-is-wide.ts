import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * Whether an element is at least `minWidth` pixels wide, kept current as it resizes. The space a
 * list gets depends on the window and on the side menu (expanded, collapsed or a drawer), so it
 * is measured rather than guessed from the window.
 */
export function useIsWide(ref: RefObject<HTMLElement | null>, minWidth: number): boolean {
  const [isWide, setWide] = useState(true)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWide(element.getBoundingClientRect().width >= minWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, minWidth])
  return isWide
}
