import { ArrowDown, ArrowUp, GripVertical, RotateCcw } from 'lucide-react'
import { useLayoutEffect, useRef, useState, type DragEvent } from 'react'
import { Link } from 'react-router'
import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { paths } from '../../../../shared/paths'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { useReorderModules, useRestoreModule } from '../api'
import { formatDateTime, formatRecent } from '../format'
import { ModuleStatusBadge } from './module-status'
import { RemoveModuleDialog } from './remove-module-dialog'

const rowId = (moduleId: string) => `course-module-${moduleId}`

function LastChange({ module }: { module: DraftModuleSummary }) {
  return (
    <p className="text-sm text-muted-foreground">
      Last changed by {module.updatedByName} · <time dateTime={module.updatedAt} title={formatDateTime(module.updatedAt)}>
        {formatRecent(module.updatedAt)}
      </time>
    </p>
  )
}

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
  const reorder = useReorderModules()
  const restore = useRestoreModule()
  const [localOrder, setLocalOrder] = useState<string[] | null>(null)
  const pendingMoves = useRef(0)
  const focusNext = useRef<string | undefined>(undefined)
  const [dragging, setDragging] = useState<string | null>(null)
  const [armed, setArmed] = useState<string | null>(null)
  const [dropAt, setDropAt] = useState<{ id: string; side: 'before' | 'after' } | null>(null)

  const serverActive = modules.filter((module) => module.status !== 'removed')
  const removed = modules.filter((module) => module.status === 'removed')
  const byId = new Map(serverActive.map((module) => [module.id, module]))
  const active =
    localOrder && localOrder.length === serverActive.length && localOrder.every((id) => byId.has(id))
      ? localOrder.map((id) => byId.get(id)!)
      : serverActive

  // The focus goes to an element of the next render, or at once when it is already there.
  const focusTo = (id: string) => {
    const element = document.getElementById(id)
    if (element) element.focus()
    else focusNext.current = id
  }
  useLayoutEffect(() => {
    if (!focusNext.current) return
    const element = document.getElementById(focusNext.current)
    if (element) {
      element.focus()
      focusNext.current = undefined
    }
  })

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

  const moveTo = (module: DraftModuleSummary, to: number, focusButton?: 'up' | 'down') => {
    const ids = active.map((other) => other.id)
    const from = ids.indexOf(module.id)
    if (from === -1 || to < 0 || to >= ids.length || to === from) return
    ids.splice(from, 1)
    ids.splice(to, 0, module.id)
    saveOrder(ids, module)
    if (focusButton) {
      // The button pressed, or the other one once the module reaches an end of the list.
      const atEnd = focusButton === 'up' ? to === 0 : to === ids.length - 1
      const button = atEnd ? (focusButton === 'up' ? 'down' : 'up') : focusButton
      focusNext.current = `${rowId(module.id)}-${button}`
    }
    announce(`Moved “${module.title}” to position ${to + 1} of ${ids.length}.`)
  }

  const onRestore = (module: DraftModuleSummary) =>
    !restore.isPending &&
    restore.mutate(module.id, {
      onSuccess: (draft) => {
        const position = draft.modules.find((other) => other.id === module.id)?.position
        notify.success(`“${module.title}” restored`)
        announce(`Restored “${module.title}”${position ? ` at position ${position}` : ''}.`)
        focusNext.current = `${rowId(module.id)}-title`
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

  const dropSide = (event: DragEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after'
  }

  const endDrag = () => {
    setDragging(null)
    setArmed(null)
    setDropAt(null)
  }

  const onDrop = (target: DraftModuleSummary, side: 'before' | 'after') => {
    const module = active.find((other) => other.id === dragging)
    endDrag()
    if (!module || module.id === target.id) return
    const without = active.filter((other) => other.id !== module.id)
    const targetIndex = without.findIndex((other) => other.id === target.id)
    moveTo(module, side === 'before' ? targetIndex : targetIndex + 1)
  }

  return (
    <div className="grid gap-6">
      <ol aria-label="Modules in course order" className="grid gap-2">
        {active.map((module, index) => {
          const id = rowId(module.id)
          const isDropTarget = dropAt?.id === module.id && dragging !== module.id
          return (
            <li
              key={module.id}
              id={id}
              draggable={armed === module.id}
              onDragStart={(event) => {
                setDragging(module.id)
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', module.title)
              }}
              onDragOver={(event) => {
                if (!dragging) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
                const side = dropSide(event)
                if (dropAt?.id !== module.id || dropAt.side !== side) setDropAt({ id: module.id, side })
              }}
              onDrop={(event) => {
                if (!dragging) return
                event.preventDefault()
                onDrop(module, dropSide(event))
              }}
              onDragEnd={endDrag}
              className={cn(
                'relative flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-3',
                dragging === module.id && 'opacity-50',
                isDropTarget &&
                  (dropAt.side === 'before'
                    ? 'before:absolute before:inset-x-0 before:-top-1.5 before:h-1 before:rounded before:bg-primary'
                    : 'after:absolute after:inset-x-0 after:-bottom-1.5 after:h-1 after:rounded after:bg-primary'),
              )}
            >
              {/* The mouse's handle; the keyboard moves modules with the buttons. */}
              <span
                aria-hidden
                title="Drag to move"
                className="hidden cursor-grab touch-none text-muted-foreground active:cursor-grabbing sm:block"
                onPointerDown={() => setArmed(module.id)}
                onPointerUp={() => setArmed(null)}
              >
                <GripVertical className="size-5" />
              </span>
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    id={`${id}-title`}
                    to={paths.adminCourseModule(module.id)}
                    className="font-medium [overflow-wrap:anywhere] underline-offset-2 hover:underline"
                  >
                    <span className="sr-only">Module {index + 1}: </span>
                    {module.title}
                  </Link>
                  <ModuleStatusBadge status={module.status} />
                </div>
                <LastChange module={module} />
              </div>
              <div className="ml-auto flex shrink-0 items-center gap-1">
                <Button
                  id={`${id}-up`}
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={`Move “${module.title}” up`}
                  title="Move up"
                  disabled={index === 0}
                  onClick={() => moveTo(module, index - 1, 'up')}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  id={`${id}-down`}
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={`Move “${module.title}” down`}
                  title="Move down"
                  disabled={index === active.length - 1}
                  onClick={() => moveTo(module, index + 1, 'down')}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <RemoveModuleDialog module={module} onRemoved={onRemoved} />
              </div>
            </li>
          )
        })}
      </ol>
      {removed.length > 0 && (
        <section aria-labelledby="removed-modules" className="grid gap-2">
          <div className="grid gap-1">
            <h3 id="removed-modules" className="font-semibold">
              Removed modules
            </h3>
            <p className="text-sm text-muted-foreground">
              Left out of the next publish; until then learners still see those that are live. Restore puts a module back where it
              was.
            </p>
          </div>
          <ul className="grid gap-2">
            {removed.map((module) => {
              const id = rowId(module.id)
              return (
                <li key={module.id} id={id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed p-3">
                  <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <Link
                        id={`${id}-title`}
                        to={paths.adminCourseModule(module.id)}
                        className="font-medium text-muted-foreground [overflow-wrap:anywhere] underline-offset-2 hover:underline"
                      >
                        {module.title}
                      </Link>
                      <ModuleStatusBadge status={module.status} />
                    </div>
                    <LastChange module={module} />
                  </div>
                  <BusyButton
                    id={`${id}-restore`}
                    variant="outline"
                    size="sm"
                    className="ml-auto"
                    isBusy={restore.isPending && restore.variables === module.id}
                    aria-label={`Restore “${module.title}”`}
                    onClick={() => onRestore(module)}
                  >
                    <RotateCcw aria-hidden />
                    Restore
                  </BusyButton>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </div>
  )
}
