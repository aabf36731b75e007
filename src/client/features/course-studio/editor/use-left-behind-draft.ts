import { useEffect, useRef, useState } from 'react'
import { notify } from '../../../lib/notify'
import type { ModuleForm } from './module-form'
import { unsavedDrafts } from './unsaved-drafts'
import type { useAutosave } from './use-autosave'
import type { useLeaveGuard } from './use-leave-guard'

type LeftBehindOptions = {
  moduleId: string
  form: ModuleForm
  title: string
  autosave: ReturnType<typeof useAutosave>
  guard: ReturnType<typeof useLeaveGuard>
  /** Puts a kept text back into the form. */
  onRestore: (form: ModuleForm) => void
}

/**
 * Draft recovery. An editor closed without a question (the Back button) while its text cannot be
 * saved keeps the text, and says so; opening the module again offers it back, to restore (based
 * on the revision it was typed against) or discard.
 */
export function useLeftBehindDraft({ moduleId, form, title, autosave, guard, onRestore }: LeftBehindOptions) {
  const [leftBehind, setLeftBehind] = useState(() => unsavedDrafts.get(moduleId))
  const closing = useRef({ form, title, autosave, guard })
  useEffect(() => {
    closing.current = { form, title, autosave, guard }
  })
  useEffect(
    () => () => {
      const { form: lastForm, title: lastTitle, autosave: last, guard: lastGuard } = closing.current
      if (!last.wouldLoseChanges() || lastGuard.hasChosenToLeave()) return
      unsavedDrafts.set(moduleId, { form: lastForm, revision: last.revision(), leftAt: new Date().toISOString() })
      notify.error(`Your changes to “${lastTitle}” are not saved. Open the module again to get them back.`)
    },
    [moduleId],
  )

  const discard = () => {
    unsavedDrafts.delete(moduleId)
    setLeftBehind(undefined)
  }
  const restore = () => {
    if (!leftBehind) return
    discard()
    autosave.resolution.basedOn(leftBehind.revision)
    onRestore(leftBehind.form)
  }
  return { leftBehind, restore, discard }
}
