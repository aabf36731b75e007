import { useRef, useState } from 'react'
import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useReorderModules } from '../api'

/**
 * The draft's modules in course order, with a move shown at once: the list keeps its own order
 * while moves are on their way to the server (which gets the whole order each time), and goes
 * back to the server's once the last of them has settled.
 */
export function useOptimisticOrder(modules: DraftModuleSummary[], announce: (message: string) => void) {
  const reorder = useReorderModules()
  const [localOrder, setLocalOrder] = useState<string[] | null>(null)
  const pendingMoves = useRef(0)

  const serverActive = modules.filter((module) => module.status !== 'removed')
  const removed = modules.filter((module) => module.status === 'removed')
  const byId = new Map(serverActive.map((module) => [module.id, module]))
  const active =
    localOrder && localOrder.length === serverActive.length && localOrder.every((id) => byId.has(id))
      ? localOrder.map((id) => byId.get(id)!)
      : serverActive

  const saveOrder = (ids: string[], module: DraftModuleSummary) => {
    setLocalOrder(ids)
    pendingMoves.current += 1
    reorder.mutate(ids, {
      onError: (error) => {
        notify.error(adminFailure(error, `Failed to move “${module.title}”`))
        announce(`“${module.title}” was not moved.`)
      },
      onSettled: () => {
        pendingMoves.current -= 1
        if (pendingMoves.current === 0) setLocalOrder(null)
      },
    })
  }

  /** Moves a module to a position (from 0) and says where it went; false when it stays where it is. */
  const moveTo = (module: DraftModuleSummary, to: number) => {
    const ids = active.map((other) => other.id)
    const from = ids.indexOf(module.id)
    if (from === -1 || to < 0 || to >= ids.length || to === from) return false
    ids.splice(from, 1)
    ids.splice(to, 0, module.id)
    saveOrder(ids, module)
    announce(`Moved “${module.title}” to position ${to + 1} of ${ids.length}.`)
    return true
  }

  return { active, removed, moveTo }
}
