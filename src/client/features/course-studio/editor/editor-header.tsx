import { Eye } from 'lucide-react'
import type { MouseEvent, Ref } from 'react'
import { Link } from 'react-router'
import type { DraftModule } from '../../../../shared/course/admin-api-types'
import { adminPaths } from '../../../../shared/admin-paths'
import { buttonVariants } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import { SaveStatus } from './save-status'
import type { SaveState } from './use-autosave'

/** The editor's breadcrumb and heading (the module's title as typed), and a removed module's note. */
export function EditorHeader({ title, loaded }: { title: string; loaded: DraftModule }) {
  return (
    <header className="grid gap-2">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to={adminPaths.users} className="hover:text-foreground hover:underline">
              Admin Panel
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to={adminPaths.course} className="hover:text-foreground hover:underline">
              Course
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page">Module {loaded.position}</li>
        </ol>
      </nav>
      <h1 className="text-2xl leading-tight font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
        <span className="sr-only">Edit module: </span>
        {title}
      </h1>
      {loaded.status === 'removed' && (
        <p className="text-sm text-muted-foreground">
          This module is removed from the draft: the next publish leaves it out. Restore it on the course page to include it again.
        </p>
      )}
    </header>
  )
}

type EditorToolbarProps = {
  moduleId: string
  state: SaveState
  onRetry: () => void
  previewLink: Ref<HTMLAnchorElement>
  onPreview: (event: MouseEvent<HTMLAnchorElement>) => void
}

/** The bar that stays at the top while the admin scrolls: where the autosave is, and Preview. */
export function EditorToolbar({ moduleId, state, onRetry, previewLink, onPreview }: EditorToolbarProps) {
  return (
    <div className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
      <SaveStatus state={state} onRetry={onRetry} />
      <Link
        ref={previewLink}
        to={adminPaths.courseModulePreview(moduleId)}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
        onClick={onPreview}
      >
        <Eye aria-hidden />
        Preview
      </Link>
    </div>
  )
}
