import { useMemo, useState } from 'react'
import { domIdFor, type EditorContextValue } from './editor-context'
import type { Checked, FieldIssue } from './module-form-check'

/**
 * What the editor's fields share (EditorContext): their DOM ids, which errors show (a field's once
 * the admin has left it, every one when `showAll`), and the polite announcements.
 */
export function useEditorFields({ idPrefix, checked, showAll }: { idPrefix: string; checked: Checked; showAll: boolean }) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [announcement, setAnnouncement] = useState('')
  const errors = useMemo(() => new Map(checked.issues.map((issue) => [issue.name, issue.message])), [checked])
  const context = useMemo<EditorContextValue>(
    () => ({
      idFor: (name) => domIdFor(idPrefix.replace(/:/g, ''), name),
      errorFor: (name) => (showAll || touched.has(name) ? errors.get(name) : undefined),
      touch: (name) => setTouched((current) => (current.has(name) ? current : new Set(current).add(name))),
      // The same words twice must be announced twice: a trailing space makes them a change.
      announce: (message) => setAnnouncement((current) => (current === message ? `${message} ` : message)),
    }),
    [idPrefix, showAll, touched, errors],
  )

  /** Where the error summary's link for an issue goes: its field, or the Add button of an empty list. */
  const targetIdFor = (issue: FieldIssue) => {
    const field = context.idFor(issue.name)
    return document.getElementById(field) ? field : context.idFor(`${issue.name}.add`)
  }

  return {
    context,
    announcement,
    targetIdFor,
    /** A new text in the form (restored or reloaded): no field has been left yet. */
    untouchAll: () => setTouched(new Set()),
  }
}
