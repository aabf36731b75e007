import { useSyncExternalStore } from 'react'

// Sonner is fetched with the first toast, not with every page: most page views never show one
// (docs/performance.md, figure 6). Sonner shows a toast raised before its Toaster subscribed once it does.
let requested = false
const listeners = new Set<() => void>()

const loadToast = () => {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  return import('sonner').then((sonner) => sonner.toast)
}

/** Whether a toast has been raised, so the Toaster is needed. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => requested,
    () => false,
  )
}

/** The portal's toasts: errors are titled 'Error' in the destructive style. */
export const notify = {
  error: (message: string) => void loadToast().then((toast) => toast.error('Error', { description: message })),
  success: (message: string, title?: string) =>
    void loadToast().then((toast) => (title ? toast.success(title, { description: message }) : toast.success(message))),
  info: (message: string) => void loadToast().then((toast) => toast.info(message)),
}
