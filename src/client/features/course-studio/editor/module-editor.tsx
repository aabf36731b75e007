import { Eye } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react'
import { Link } from 'react-router'
import type { DraftModule } from '../../../../shared/course/admin-api-types'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { paths } from '../../../../shared/paths'
import { ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog'
import { Button, buttonVariants } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { ApiError } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { fetchDraftModule, useDraftModule } from '../api'
import { ConflictNotice } from './conflict-notice'
import { EditorContext, domIdFor, type EditorContextValue } from './editor-context'
import { ErrorSummary } from './error-summary'
import { KnowledgeCheckSection } from './knowledge-check-section'
import { ActionStepSection, DetailsSection, GuideSection, LessonsSection, TextListSection } from './module-sections'
import { checkForm, toForm, type FieldIssue, type ModuleForm } from './module-form'
import { ModulePreview } from './module-preview'
import { SaveStatus } from './save-status'
import { useAutosave } from './use-autosave'
import { useLeaveGuard } from './use-leave-guard'
import { unsavedDrafts } from './unsaved-drafts'
import { UnsavedDraftNotice } from './unsaved-draft-notice'

type ModuleEditorProps = {
  moduleId: string
  /** The editor, or the module as learners will see it (the form stays, hidden, with everything typed). */
  mode: 'edit' | 'preview'
  /** The learner's module page, from the course feature: the route composes the two. */
  renderPreview: (module: LearnerModule) => ReactNode
  /** The document title for a page of the editor (the route's pageTitle). */
  pageTitle: (page: string) => string
}

/** `/admin/course/modules/:moduleId` and its preview: loads the draft module, then edits it. */
export function ModuleEditor({ moduleId, mode, renderPreview, pageTitle }: ModuleEditorProps) {
  const draft = useDraftModule(moduleId)
  const isNotFound = draft.error instanceof ApiError && draft.error.status === 404

  useEffect(() => {
    if (draft.isError && !isNotFound) notify.error(adminFailure(draft.error, 'Failed to load the module'))
  }, [draft.isError, draft.error, isNotFound])

  if (draft.isPending) return <ListLoading label="Loading module" />
  if (isNotFound) {
    return (
      <div className="mx-auto grid max-w-4xl justify-items-center gap-3 py-10 text-center">
        <title>{pageTitle('Module not found - Admin Panel')}</title>
        <h1 className="text-2xl font-bold">Module not found</h1>
        <p className="text-muted-foreground">It is not in the draft any more: someone may have removed it.</p>
        <Link to={paths.adminCourse} className={buttonVariants({ variant: 'outline' })}>
          Back to the course
        </Link>
      </div>
    )
  }
  if (draft.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <title>{pageTitle('Edit Module - Admin Panel')}</title>
        <ListLoadFailed message="Failed to load the module" onRetry={() => void draft.refetch()} />
      </div>
    )
  }
  return <LoadedEditor key={moduleId} loaded={draft.data} mode={mode} renderPreview={renderPreview} pageTitle={pageTitle} />
}

/** Links that stay on this screen: the editor and its preview. */
const isEditorPath = (moduleId: string) => (pathname: string) =>
  pathname === paths.adminCourseModule(moduleId) || pathname === paths.adminCourseModulePreview(moduleId)

function LoadedEditor({ loaded, mode, renderPreview, pageTitle }: { loaded: DraftModule } & Omit<ModuleEditorProps, 'moduleId'>) {
  const moduleId = loaded.id
  const { profile } = useAuth()
  const idPrefix = useId()
  const [form, setForm] = useState<ModuleForm>(() => toForm(loaded.module))
  const [initial] = useState(() => ({ revision: loaded.revision, checked: checkForm(form) }))
  const checked = useMemo(() => checkForm(form), [form])
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [isShowingAllErrors, setShowingAllErrors] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const summary = useRef<HTMLElement>(null)
  const previewLink = useRef<HTMLAnchorElement>(null)
  const title = form.title.trim() || 'Untitled module'

  const onLostAfterLeaving = useCallback(
    (message: string) => notify.error(`Your last changes to “${title}” were not saved. ${message}`),
    [title],
  )
  const autosave = useAutosave({ moduleId, loaded: initial, checked, onLostAfterLeaving })
  const { state, flush, resolution } = autosave
  // Every error shows once saving waits on them, or once the admin asked for a preview of an invalid module.
  const showAll = (isShowingAllErrors && !checked.ok) || state.status === 'invalid'

  const guard = useLeaveGuard({
    wouldLoseChanges: autosave.wouldLoseChanges,
    hasUnsavedChanges: autosave.hasUnsavedChanges,
    onUnload: () => void flush(),
    staysHere: isEditorPath(moduleId),
  })

  // Closed without a question (the Back button) while its text cannot be saved: keep the text, and say so.
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
  const restoreLeftBehind = () => {
    if (!leftBehind) return
    unsavedDrafts.delete(moduleId)
    setLeftBehind(undefined)
    resolution.basedOn(leftBehind.revision)
    setForm(leftBehind.form)
    setTouched(new Set())
  }
  const discardLeftBehind = () => {
    unsavedDrafts.delete(moduleId)
    setLeftBehind(undefined)
  }

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

  const targetIdFor = (issue: FieldIssue) => {
    const field = context.idFor(issue.name)
    return document.getElementById(field) ? field : context.idFor(`${issue.name}.add`)
  }

  const reload = async () => {
    try {
      const fresh = await fetchDraftModule(moduleId)
      const next = toForm(fresh.module)
      setForm(next)
      setTouched(new Set())
      resolution.reloaded(fresh, checkForm(next))
      notify.success('The saved version is loaded.')
    } catch (error) {
      notify.error(adminFailure(error, 'Failed to load the module'))
      throw error
    }
  }

  const saveMine = async () => {
    try {
      await resolution.overwrite()
    } catch (error) {
      notify.error(adminFailure(error, 'Failed to save the module'))
      throw error
    }
  }

  const isPreview = mode === 'preview'

  // Into the preview: start at its top, its banner focused. Back: the editor where it was, focus on Preview.
  const editorScroll = useRef(0)
  const previewHeading = useRef<HTMLParagraphElement>(null)
  const wasPreview = useRef(isPreview)
  useEffect(() => {
    if (wasPreview.current === isPreview) return
    wasPreview.current = isPreview
    if (isPreview) {
      window.scrollTo({ top: 0 })
      previewHeading.current?.focus()
    } else {
      window.scrollTo({ top: editorScroll.current })
      previewLink.current?.focus({ preventScroll: true })
    }
  }, [isPreview])

  return (
    <EditorContext value={context}>
      <title>{pageTitle(isPreview ? `Preview: ${title} - Admin Panel` : `Edit Module: ${title} - Admin Panel`)}</title>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {isPreview && (
        <div className="mx-auto grid max-w-4xl gap-6">
          <PreviewBanner moduleId={moduleId} headingRef={previewHeading} />
          {checked.ok ? (
            <ModulePreview moduleId={moduleId} module={checked.module} renderPreview={renderPreview} />
          ) : (
            <div className="grid justify-items-center gap-3 py-10 text-center">
              <p className="font-medium">This module has errors, so it cannot be previewed.</p>
              <Link to={paths.adminCourseModule(moduleId)} className={buttonVariants({ variant: 'outline' })}>
                Fix them in the editor
              </Link>
            </div>
          )}
        </div>
      )}

      <div
        hidden={isPreview}
        className="mx-auto grid max-w-4xl gap-6 [&_:is(input,textarea,button,a)]:scroll-mt-40"
        onKeyDown={(event) => {
          // Ctrl+S or ⌘S saves now rather than opening the browser's Save dialog.
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
            event.preventDefault()
            void flush()
          }
        }}
      >
        <header className="grid gap-2">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
              <li>
                <Link to={paths.admin} className="hover:text-foreground hover:underline">
                  Admin Panel
                </Link>
              </li>
              <li aria-hidden>/</li>
              <li>
                <Link to={paths.adminCourse} className="hover:text-foreground hover:underline">
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

        <div className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <SaveStatus state={state} onRetry={() => void autosave.retry()} />
          <Link
            ref={previewLink}
            to={paths.adminCourseModulePreview(moduleId)}
            className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
            onClick={(event) => {
              if (checked.ok) {
                editorScroll.current = window.scrollY
                return
              }
              // Nothing to preview: show every problem instead.
              event.preventDefault()
              setShowingAllErrors(true)
              requestAnimationFrame(() => summary.current?.focus())
            }}
          >
            <Eye aria-hidden />
            Preview
          </Link>
        </div>

        {leftBehind && (
          <UnsavedDraftNotice leftAt={leftBehind.leftAt} onRestore={restoreLeftBehind} onDiscard={discardLeftBehind} />
        )}
        {state.status === 'conflict' && (
          <ConflictNotice
            change={state.change}
            ownName={profile ? profile.fullName?.trim() || profile.email : undefined}
            canSaveMine={checked.ok}
            onReload={reload}
            onSaveMine={saveMine}
          />
        )}
        {showAll && checked.issues.length > 0 && <ErrorSummary ref={summary} issues={checked.issues} targetIdFor={targetIdFor} />}

        <DetailsSection form={form} onChange={setForm} />
        <LessonsSection form={form} onChange={setForm} />
        <GuideSection form={form} onChange={setForm} />
        <TextListSection form={form} onChange={setForm} list="importantReminders" />
        <TextListSection form={form} onChange={setForm} list="proTips" />
        <ActionStepSection form={form} onChange={setForm} />
        <TextListSection form={form} onChange={setForm} list="keyTakeaways" />
        <KnowledgeCheckSection form={form} onChange={setForm} />

        <div className="flex justify-end">
          <Link to={paths.adminCourse} className={buttonVariants({ variant: 'outline' })}>
            Back to the course
          </Link>
        </div>
      </div>

      <AlertDialog open={guard.isAsking} onOpenChange={(open) => !open && guard.stay()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>
              {state.status === 'conflict'
                ? 'Someone else changed this module, so your changes are not saved.'
                : state.status === 'failed'
                  ? 'Your latest changes could not be saved.'
                  : 'This module has errors, so your latest changes are not saved.'}{' '}
              If you leave now, they are lost.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay</AlertDialogCancel>
            <Button variant="destructive" onClick={guard.leave}>
              Leave and lose changes
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </EditorContext>
  )
}

function PreviewBanner({ moduleId, headingRef }: { moduleId: string; headingRef: Ref<HTMLParagraphElement> }) {
  return (
    <div
      role="region"
      aria-labelledby="preview-banner-title"
      className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b-2 border-accent bg-accent/25 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <p id="preview-banner-title" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        Preview — learners see this after you publish
      </p>
      <Link to={paths.adminCourseModule(moduleId)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Back to the editor
      </Link>
    </div>
  )
}
