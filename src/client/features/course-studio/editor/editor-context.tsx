import { createContext, use } from 'react'

/** What every field of the editor needs from it: its DOM id, its visible error, and the live announcements. */
export type EditorContextValue = {
  /** The DOM id of a field, by its stable name (module-form.ts, fieldName). */
  idFor: (name: string) => string
  /** The error to show under a field: once the admin has left it, or once saving is held up by errors. */
  errorFor: (name: string) => string | undefined
  /** The admin left the field: its error shows from now on. */
  touch: (name: string) => void
  /** A polite announcement (an item added, removed or moved). */
  announce: (message: string) => void
}

export const EditorContext = createContext<EditorContextValue | null>(null)

export function useEditor(): EditorContextValue {
  const context = use(EditorContext)
  if (!context) throw new Error('useEditor must be used within the module editor')
  return context
}

/** A field's DOM id from its stable name: letters, digits, - and _ only. */
export const domIdFor = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`
