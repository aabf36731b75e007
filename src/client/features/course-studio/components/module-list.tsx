import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useRestoreModule } from '../api'
import { useListDrag } from '../editor/use-list-drag'
import { ActiveModuleRow, RemovedModules, rowId } from './module-rows'
import { useFocusAfterRender } from './use-focus-after-render'
import { useOptimisticOrder } from './use-optimistic-order'

type ModuleListProps = {
  modules: DraftModuleSummary[]
  /** A polite announcement: where a module went. */
  announce: (message: string) => void
  /** Where the focus goes when nothing of the list can take it (the list's heading). */
  onFocusLost: () => void
}

/**
 * The draft's modules in course order, then the removed ones. Reordering: Move up and Move down
 * (the keyboard's way: the focus stays on the moved module's button, and a polite announcement
 * says where it went), or dragging a module by its handle. The list shows a move at once; the
 * server gets the whole order.
 */
export function ModuleList({ modules, announce, onFocusLost }: ModuleListProps) {
  const restore = useRestoreModule()
  const { active, removed, moveTo } = useOptimisticOrder(modules, announce)
  const { focusTo, focusAfterRender } = useFocusAfterRender()

  const move = (module: DraftModuleSummary, index: number, by: -1 | 1) => {
    const to = index + by
    if (!moveTo(module, to)) return
    // The button pressed, or the other one once the module reaches an end of the list.
    const isAtEnd = by === -1 ? to === 0 : to === active.length - 1
    focusAfterRender(`${rowId(module.id)}-${(by === -1) !== isAtEnd ? 'up' : 'down'}`)
  }

  const drag = useListDrag((id, targetId, side) => {
    const module = active.find((other) => other.id === id)
    const targetIndex = active.filter((other) => other.id !== id).findIndex((other) => other.id === targetId)
    if (!module || targetIndex === -1) return
    moveTo(module, side === 'before' ? targetIndex : targetIndex + 1)
  })

  const onRestore = (module: DraftModuleSummary) =>
    !restore.isPending &&
    restore.mutate(module.id, {
      onSuccess: (draft) => {
        const position = draft.modules.find((other) => other.id === module.id)?.position
        notify.success(`“${module.title}” restored`)
        announce(`Restored “${module.title}”${position ? ` at position ${position}` : ''}.`)
        focusAfterRender(`${rowId(module.id)}-title`)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to restore the module')),
    })

  const onRemoved = (module: DraftModuleSummary) => {
    // A published module moves to the removed ones (its Restore takes the focus); a new one is gone.
    if (module.status !== 'new') focusTo(`${rowId(module.id)}-restore`)
    else {
      // The list is the new one: the module that took its place, or the new last one.
      const others = active.filter((other) => other.id !== module.id)
      const neighbour = others.find((other) => other.position >= module.position) ?? others.at(-1)
      if (neighbour) focusTo(`${rowId(neighbour.id)}-title`)
      else onFocusLost()
    }
  }

  return (
    <div className="grid gap-6">
      <ol aria-label="Modules in course order" className="grid gap-2">
        {active.map((module, index) => (
          <ActiveModuleRow
            key={module.id}
            module={module}
            index={index}
            count={active.length}
            dragProps={drag.itemProps(module.id, module.title)}
            handleProps={drag.handleProps(module.id)}
            isDragging={drag.isDragging(module.id)}
            dropIndicator={drag.indicatorOf(module.id)}
            onMove={(by) => move(module, index, by)}
            onRemoved={onRemoved}
          />
        ))}
      </ol>
      {removed.length > 0 && (
        <RemovedModules modules={removed} restoringId={restore.isPending ? restore.variables : undefined} onRestore={onRestore} />
      )}
    </div>
  )
}
