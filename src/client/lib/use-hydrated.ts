import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while React takes over prerendered HTML, true from then on (and on a page React rendered itself). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
