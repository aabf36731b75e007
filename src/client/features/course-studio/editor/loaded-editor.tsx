import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { DraftModule } from '../../../../shared/course/admin-api-types'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { adminPaths } from '../../../../shared/admin-paths'
import { buttonVariants } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { useAuth } from '../../../lib/auth'
import { notify } from '../../../lib/notify'
import { fetchDraftModule } from '../api'
import { ConflictNotice } from './conflict-notice'
import { EditorContext } from './editor-context'
import { EditorHeader, EditorToolbar } from './editor-header'
import { ErrorSummary } from './error-summary'
import { KnowledgeCheckSection } from './knowledge-check-section'
import { LeaveDialog } from './leave-dialog'
import { toForm, type ModuleForm } from './module-form'
import { checkForm } from './module-form-check'
import { LessonsSection } from './lessons-section'
import { ActionStepSection, DetailsSection, GuideSection, TextListSection } from './module-sections'
import { PreviewPane } from './preview-pane'
import { UnsavedDraftNotice } from './unsaved-draft-notice'
import { useAutosave } from './use-autosave'
import { useEditorFields } from './use-editor-fields'
import { useLeaveGuard } from './use-leave-guard'
import { useLeftBehindDraft } from './use-left-behind-draft'
import { usePreviewFocus } from './use-preview-focus'

type LoadedEditorProps = {
  loaded: DraftModule
  mode: 'edit' | 'preview'
  renderPreview: (module: LearnerModule) => ReactNode
  pageTitle: (page: string) => string
}

/** Links that stay on this screen: the editor and its preview. */
const isEditorPath = (moduleId: string) => (pathname: string) =>
  pathname === adminPaths.courseModule(moduleId) || pathname === adminPaths.courseModulePreview(moduleId)

/**
 * The editor of a loaded module: the form, saved a moment after each change (useAutosave), a
 * question before a link loses text (useLeaveGuard), text kept when it closes anyway
 * (useLeftBehindDraft), someone else's save to resolve (ConflictNotice), and the preview.
 */
export function LoadedEditor({ loaded, mode, renderPreview, pageTitle }: LoadedEditorProps) {
  const moduleId = loaded.id
  const { profile } = useAuth()
  const [form, setForm] = useState<ModuleForm>(() => toForm(loaded.module))
  const [initial] = useState(() => ({ revision: loaded.revision, checked: checkForm(form) }))
  const checked = useMemo(() => checkForm(form), [form])
  const [isShowingAllErrors, setShowingAllErrors] = useState(false)
  const summary = useRef<HTMLElement>(null)
  const title = form.title.trim() || 'Untitled module'
  const isPreview = mode === 'preview'

  const onLostAfterLeaving = useCallback(
    (message: string) => notify.error(`Your last changes to “${title}” were not saved. ${message}`),
    [title],
  )
  const autosave = useAutosave({ moduleId, loaded: initial, checked, onLostAfterLeaving })
  const { state, flush, resolution } = autosave
  // Every error shows once saving waits on them, or once the admin asked for a preview of an invalid module.
  const showAll = (isShowingAllErrors && !checked.ok) || state.status === 'invalid'
  const idPrefix = useId()
  const fields = useEditorFields({ idPrefix, checked, showAll })
  const replaceForm = (next: ModuleForm) => {
    setForm(next)
    fields.untouchAll()
  }

  const guard = useLeaveGuard({
    wouldLoseChanges: autosave.wouldLoseChanges,
    hasUnsavedChanges: autosave.hasUnsavedChanges,
    onUnload: () => void flush(),
    staysHere: isEditorPath(moduleId),
  })
  const leftBehind = useLeftBehindDraft({ moduleId, form, title, autosave, guard, onRestore: replaceForm })
  const focus = usePreviewFocus(isPreview)

  const reload = async () => {
    try {
      const fresh = await fetchDraftModule(moduleId)
      const next = toForm(fresh.module)
      replaceForm(next)
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

  return (
    <EditorContext value={fields.context}>
      <title>{pageTitle(isPreview ? `Preview: ${title} - Admin Panel` : `Edit Module: ${title} - Admin Panel`)}</title>
      <p aria-live="polite" className="sr-only">
        {fields.announcement}
      </p>

      {isPreview && <PreviewPane moduleId={moduleId} module={checked.module} renderPreview={renderPreview} headingRef={focus.previewHeading} />}

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
        <EditorHeader title={title} loaded={loaded} />
        <EditorToolbar
          moduleId={moduleId}
          state={state}
          onRetry={() => void autosave.retry()}
          previewLink={focus.previewLink}
          onPreview={(event) => {
            if (checked.ok) {
              focus.rememberScroll()
              return
            }
            // Nothing to preview: show every problem instead.
            event.preventDefault()
            setShowingAllErrors(true)
            requestAnimationFrame(() => summary.current?.focus())
          }}
        />

        {leftBehind.leftBehind && (
          <UnsavedDraftNotice leftAt={leftBehind.leftBehind.leftAt} onRestore={leftBehind.restore} onDiscard={leftBehind.discard} />
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
        {showAll && checked.issues.length > 0 && <ErrorSummary ref={summary} issues={checked.issues} targetIdFor={fields.targetIdFor} />}

        <DetailsSection form={form} onChange={setForm} />
        <LessonsSection form={form} onChange={setForm} />
        <GuideSection form={form} onChange={setForm} />
        <TextListSection form={form} onChange={setForm} list="importantReminders" />
        <TextListSection form={form} onChange={setForm} list="proTips" />
        <ActionStepSection form={form} onChange={setForm} />
        <TextListSection form={form} onChange={setForm} list="keyTakeaways" />
        <KnowledgeCheckSection form={form} onChange={setForm} />

        <div className="flex justify-end">
          <Link to={adminPaths.course} className={buttonVariants({ variant: 'outline' })}>
            Back to the course
          </Link>
        </div>
      </div>

      <LeaveDialog guard={guard} status={state.status} />
    </EditorContext>
  )
}
