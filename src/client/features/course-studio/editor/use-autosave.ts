import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ApiErrorChange } from '../../../../shared/api-types'
import type { DraftModule } from '../../../../shared/course/admin-api-types'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { recheckSession } from '../../../lib/auth'
import { draftCourseKey, fetchDraftModule, saveDraftModule } from '../api'
import type { Checked } from './module-form-check'

/** How long after the last change the editor saves. */
export const AUTOSAVE_DELAY_MS = 800

export type SaveState =
  | { status: 'saved' }
  /** A save is waiting for the admin to pause, or on its way. */
  | { status: 'saving' }
  /** The form breaks the schema: nothing is sent until it is fixed. */
  | { status: 'invalid' }
  | { status: 'failed'; message: string }
  /** Someone saved the module since this editor loaded it: saving stops until the admin chooses. */
  | { status: 'conflict'; change: ApiErrorChange }

const serialized = (checked: Checked) => (checked.ok ? JSON.stringify(checked.module) : undefined)

type AutosaveOptions = {
  moduleId: string
  /** The module as loaded: its revision and the form's first check. */
  loaded: { revision: number; checked: Checked }
  /** The form as it is now. */
  checked: Checked
  /** A save that finished after the editor had gone: the admin must hear of it. */
  onLostAfterLeaving: (message: string) => void
}

/**
 * Saves the module a moment after each change, when the form passes the schema; one save at a
 * time, each carrying the revision the last one answered. A 409 stops saving and keeps the form
 * as it is: the admin decides (reload theirs, or save over it). Unmounting sends what is waiting.
 */
export function useAutosave({ moduleId, loaded, checked, onLostAfterLeaving }: AutosaveOptions) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<SaveState>({ status: 'saved' })
  const revision = useRef(loaded.revision)
  const savedJson = useRef(serialized(loaded.checked))
  const latest = useRef(checked)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<Promise<void> | undefined>(undefined)
  const conflict = useRef<ApiErrorChange | undefined>(undefined)
  const failed = useRef(false)
  const isMounted = useRef(true)
  const onLost = useRef(onLostAfterLeaving)
  useEffect(() => {
    onLost.current = onLostAfterLeaving
  }, [onLostAfterLeaving])

  const clearTimer = () => {
    clearTimeout(timer.current)
    timer.current = undefined
  }

  const show = useCallback((next: SaveState) => {
    if (isMounted.current) setState(next)
  }, [])

  const save = useCallback(
    function save(): Promise<void> {
      clearTimer()
      if (inFlight.current) return inFlight.current
      if (conflict.current) {
        show({ status: 'conflict', change: conflict.current })
        return Promise.resolve()
      }
      const current = latest.current
      if (!current.ok) {
        show({ status: 'invalid' })
        return Promise.resolve()
      }
      const json = JSON.stringify(current.module)
      if (json === savedJson.current) {
        failed.current = false
        show({ status: 'saved' })
        return Promise.resolve()
      }
      show({ status: 'saving' })
      const request = (async () => {
        try {
          const answer = await saveDraftModule(moduleId, revision.current, current.module)
          revision.current = answer.revision
          savedJson.current = json
          failed.current = false
          // The list's statuses and last changes are stale now; it reloads when it is shown.
          void queryClient.invalidateQueries({ queryKey: draftCourseKey })
        } catch (error) {
          recheckSession(queryClient, error)
          if (error instanceof ApiError && error.status === 409 && error.change) {
            conflict.current = error.change
            show({ status: 'conflict', change: error.change })
          } else {
            failed.current = true
            const message = errorMessage(error, 'The module could not be saved.')
            show({ status: 'failed', message })
            if (!isMounted.current) onLost.current(message)
          }
          return
        } finally {
          inFlight.current = undefined
        }
        // What was typed while the save was on its way waits for its own pause, or goes now.
        if (!timer.current) await save()
      })()
      inFlight.current = request
      return request
    },
    [moduleId, queryClient, show],
  )

  // Every change: wait for a pause, then save (or say what stops it).
  useEffect(() => {
    latest.current = checked
    clearTimer()
    if (conflict.current || inFlight.current) {
      if (inFlight.current) timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
      return
    }
    if (checked.ok && serialized(checked) === savedJson.current) {
      failed.current = false
      show({ status: 'saved' })
      return
    }
    if (checked.ok) show({ status: 'saving' })
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
  }, [checked, save, show])

  /** Sends what is waiting now: before leaving, before the page unloads. */
  const flush = useCallback(async () => {
    if (inFlight.current) await inFlight.current
    if (timer.current || failed.current) await save()
  }, [save])

  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
      if (timer.current) void save()
    }
  }, [save])

  const resolution = useMemo(
    () => ({
      /** The form now holds the server's version: it is the saved one. */
      reloaded(module: DraftModule, checkedModule: Checked) {
        clearTimer()
        conflict.current = undefined
        failed.current = false
        revision.current = module.revision
        savedJson.current = serialized(checkedModule)
        latest.current = checkedModule
        show({ status: 'saved' })
      },
      /** The form holds text from an earlier editor, based on `at`: saved against that revision, so a newer one is a 409. */
      basedOn(at: number) {
        revision.current = at
        conflict.current = undefined
        failed.current = false
      },
      /** Saves the form over the newer version: the admin chose to. */
      async overwrite() {
        const current = await fetchDraftModule(moduleId)
        revision.current = current.revision
        conflict.current = undefined
        await save()
      },
    }),
    [moduleId, save, show],
  )

  return {
    state,
    /** The revision the next save is based on. */
    revision: () => revision.current,
    /** Tries the failed save again, now. */
    retry: save,
    flush,
    resolution,
    /** Whether the form holds text the server does not have. */
    hasUnsavedChanges: () => serialized(latest.current) !== savedJson.current,
    /**
     * Whether leaving would lose text: the form cannot be saved as it is (errors, a conflict, a
     * failed save). A change only waiting for its save is sent on the way out.
     */
    wouldLoseChanges: () =>
      serialized(latest.current) !== savedJson.current && (!latest.current.ok || conflict.current !== undefined || failed.current),
  }
}
