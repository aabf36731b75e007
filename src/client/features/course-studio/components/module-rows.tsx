import { ArrowDown, ArrowUp, GripVertical, RotateCcw } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { adminPaths } from '../../../../shared/admin-paths'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import { formatDateTime, formatRecent } from '../format'
import { ModuleStatusBadge } from './module-status'
import { RemoveModuleDialog } from './remove-module-dialog'

/** A module's row id; its title link, buttons and Restore add `-title`, `-up`, `-down`, `-restore`. */
export const rowId = (moduleId: string) => `course-module-${moduleId}`

function LastChange({ module }: { module: DraftModuleSummary }) {
  return (
    <p className="text-sm text-muted-foreground">
      Last changed by {module.updatedByName} · <time dateTime={module.updatedAt} title={formatDateTime(module.updatedAt)}>
        {formatRecent(module.updatedAt)}
      </time>
    </p>
  )
}

type ActiveModuleRowProps = {
  module: DraftModuleSummary
  index: number
  count: number
  /** The row's drag events (from useListDrag), and its handle's. */
  dragProps: ComponentProps<'li'>
  handleProps: ComponentProps<'span'>
  isDragging: boolean
  dropIndicator: 'before' | 'after' | null
  onMove: (by: -1 | 1) => void
  onRemoved: (module: DraftModuleSummary) => void
}

/** A module of the course order: its number, title, status, last change, and the buttons that move or remove it. */
export function ActiveModuleRow({ module, index, count, dragProps, handleProps, isDragging, dropIndicator, onMove, onRemoved }: ActiveModuleRowProps) {
  const id = rowId(module.id)
  return (
    <li
      id={id}
      {...dragProps}
      className={cn(
        'relative flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-3',
        isDragging && 'opacity-50',
        dropIndicator === 'before' && 'before:absolute before:inset-x-0 before:-top-1.5 before:h-1 before:rounded before:bg-primary',
        dropIndicator === 'after' && 'after:absolute after:inset-x-0 after:-bottom-1.5 after:h-1 after:rounded after:bg-primary',
      )}
    >
      {/* The mouse's handle; the keyboard moves modules with the buttons. */}
      <span
        aria-hidden
        title="Drag to move"
        className="hidden cursor-grab touch-none text-muted-foreground active:cursor-grabbing sm:block"
        {...handleProps}
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
            to={adminPaths.courseModule(module.id)}
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
          onClick={() => onMove(-1)}
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
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <RemoveModuleDialog module={module} onRemoved={onRemoved} />
      </div>
    </li>
  )
}

type RemovedModulesProps = {
  modules: DraftModuleSummary[]
  /** The module whose restore is under way, if any. */
  restoringId: string | undefined
  onRestore: (module: DraftModuleSummary) => void
}

/** The modules removed from the draft, each with its Restore button. */
export function RemovedModules({ modules, restoringId, onRestore }: RemovedModulesProps) {
  return (
    <section aria-labelledby="removed-modules" className="grid gap-2">
      <div className="grid gap-1">
        <h3 id="removed-modules" className="font-semibold">
          Removed modules
        </h3>
        <p className="text-sm text-muted-foreground">
          Left out of the next publish; until then learners still see those that are live. Restore puts a module back where it was.
        </p>
      </div>
      <ul className="grid gap-2">
        {modules.map((module) => {
          const id = rowId(module.id)
          return (
            <li key={module.id} id={id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed p-3">
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    id={`${id}-title`}
                    to={adminPaths.courseModule(module.id)}
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
                isBusy={restoringId === module.id}
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
  )
}
