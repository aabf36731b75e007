// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Route, Routes, useNavigate, useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DraftModule } from '../../../../shared/course/admin-api-types'
import type { ModuleContent } from '../../../../shared/course/schema'
import { AuthProvider } from '../../../lib/auth'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../../test/render'
import { formatChangeTime } from '../format'
import { AUTOSAVE_DELAY_MS } from './use-autosave'
import { ModuleEditor } from './module-editor'
import { unsavedDrafts } from './unsaved-drafts'

const content: ModuleContent = {
  title: 'Lead Management',
  navLabel: 'Lead Management',
  description: 'Create contacts and leads.',
  minutes: 15,
  introduction: 'Every deal starts as a lead.',
  lessons: [
    {
      id: 'm3-l1',
      title: 'Creating Contacts',
      summary: 'Create a contact.',
      video: null,
      durationText: '15 min',
      keyPoints: ['Required contact details'],
    },
  ],
  guide: [{ title: 'Create a new contact', detail: 'Open Contacts.' }],
  importantReminders: ['Always enter a valid e-mail.'],
  proTips: ['Add a one-line note.', 'Name the lead source.'],
  actionStep: { title: 'Create three test clients', description: 'One for each type.' },
  keyTakeaways: ['Every lead needs a source.'],
}

const draftModule = (module: ModuleContent, revision: number, updatedByName = 'Grace Admin'): DraftModule => ({
  id: 'm3',
  title: module.title,
  position: 3,
  status: 'published',
  revision,
  updatedAt: '2026-11-24T14:02:00.000Z',
  updatedByName,
  module,
})

type SaveAnswer = 'ok' | 'conflict' | 'down'

/** The module's API: the draft module and its saves, each answered as `nextSave` says. */
function fakeModuleApi() {
  const server = { module: content, revision: 4, nextSave: 'ok' as SaveAnswer }
  const requests = mockApi((request: ApiRequest) => {
    const path = request.url.pathname
    if (path === '/api/profile') {
      return json({ id: 'u1', email: 'ada@example.com', fullName: 'Ada Admin', role: 'admin', mustChangePassword: false })
    }
    if (path === '/api/admin/course/modules/m3' && request.method === 'GET') return json(draftModule(server.module, server.revision))
    if (path === '/api/admin/course/modules/m3' && request.method === 'PUT') {
      const { baseRevision, module } = request.body as { baseRevision: number; module: ModuleContent }
      if (server.nextSave === 'down') return json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
      if (server.nextSave === 'conflict' || baseRevision !== server.revision) {
        return json(
          {
            error: {
              code: 'CONFLICT',
              message: 'This module was changed by Grace Admin at 14:02 UTC — reload to see their changes.',
              changedBy: 'Grace Admin',
              changedAt: '2026-11-24T14:02:00.000Z',
            },
          },
          409,
        )
      }
      server.module = module
      server.revision += 1
      return json(draftModule(module, server.revision, 'Ada Admin'))
    }
    if (path === '/api/admin/course/preview') {
      const { module } = request.body as { module: ModuleContent }
      return json({ ...module, id: 'm3', moduleNumber: 3, introduction: { html: `<em>rendered</em> ${module.introduction}` } })
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404)
  })
  const saves = () => requests.filter((request) => request.method === 'PUT')
  return { server, requests, saves }
}

/** Goes back the way the browser's Back button does: no click on a link. */
function BackButton() {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate('/admin/course')}>
      Browser back
    </button>
  )
}

/** As the real route: the editor, or its preview at …/preview, in one route. */
function EditorRoute() {
  const { '*': rest } = useParams()
  return (
    <ModuleEditor
      moduleId="m3"
      mode={rest === 'preview' ? 'preview' : 'edit'}
      renderPreview={(module) => (
        <article aria-label="Learner page">
          <h1>{module.title}</h1>
          <p>{module.introduction.html}</p>
        </article>
      )}
      pageTitle={(page) => page}
    />
  )
}

async function openEditor() {
  const user = userEvent.setup()
  const api = fakeModuleApi()
  const view = renderScreen(
    <AuthProvider>
      <Link to="/admin/course">Elsewhere</Link>
      <BackButton />
      <Routes>
        <Route path="/admin/course/modules/m3/*" element={<EditorRoute />} />
        <Route path="/admin/course" element={<Link to="/admin/course/modules/m3">Open Lead Management</Link>} />
      </Routes>
    </AuthProvider>,
    { url: '/admin/course/modules/m3' },
  )
  await screen.findByLabelText('Introduction')
  return { user, ...api, ...view }
}

afterEach(() => unsavedDrafts.clear())

const saveStatus = () => screen.getAllByRole('status').find((element) => /Sav|Not saved/.test(element.textContent ?? ''))?.textContent
const afterTheDelay = { timeout: AUTOSAVE_DELAY_MS + 2000 }

describe('ModuleEditor: autosave', () => {
  it('saves the module a moment after the last change: Saving…, then Saved, with the revision it was based on', async () => {
    const { user, saves } = await openEditor()
    expect(saveStatus()).toBe('Saved')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit module: Lead Management')

    await user.type(screen.getByLabelText('Introduction'), ' Really.')
    expect(saveStatus()).toBe('Saving…')
    expect(saves()).toHaveLength(0)

    await waitFor(() => expect(saves()).toHaveLength(1), afterTheDelay)
    expect(saves()[0]!.body).toMatchObject({ baseRevision: 4, module: { introduction: 'Every deal starts as a lead. Really.' } })
    await waitFor(() => expect(saveStatus()).toBe('Saved'))

    // The next save carries the revision the last one answered.
    await user.type(screen.getByLabelText('Title'), ' Basics')
    await waitFor(() => expect(saves()).toHaveLength(2), afterTheDelay)
    expect(saves()[1]!.body).toMatchObject({ baseRevision: 5, module: { title: 'Lead Management Basics' } })
    await waitFor(() => expect(saveStatus()).toBe('Saved'))
  })

  it('does not save a module with errors: says why, under the fields and in a summary, and saves once they are fixed', async () => {
    const { user, saves } = await openEditor()
    const title = screen.getByLabelText('Title')
    await user.clear(title)
    await user.clear(screen.getByLabelText('Minutes'))
    await user.type(screen.getByLabelText('Minutes'), '0')

    await waitFor(() => expect(saveStatus()).toBe('Not saved — fix the errors below'), afterTheDelay)
    expect(saves()).toHaveLength(0)
    const titleError = screen.getByText('Title is required', { selector: 'p' })
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(title.getAttribute('aria-describedby')).toContain(titleError.id)
    expect(screen.getByText('Minutes must be at least 1', { selector: 'p' })).toBeTruthy()

    const summary = screen.getByRole('region', { name: 'Fix these 2 problems to save the module' })
    await user.click(within(summary).getByRole('link', { name: 'Title is required' }))
    expect(document.activeElement).toBe(title)

    await user.type(title, 'Lead Management')
    await user.clear(screen.getByLabelText('Minutes'))
    await user.type(screen.getByLabelText('Minutes'), '20')
    expect(screen.queryByText('Title is required', { selector: 'p' })).toBeNull()
    await waitFor(() => expect(saves()).toHaveLength(1), afterTheDelay)
    expect(saves()[0]!.body).toMatchObject({ module: { title: 'Lead Management', minutes: 20 } })
    await waitFor(() => expect(saveStatus()).toBe('Saved'))
    expect(screen.queryByRole('region', { name: /to save the module/ })).toBeNull()
  })

  it('says Not saved — retry when a save fails, and Retry saves', async () => {
    const { user, server, saves } = await openEditor()
    server.nextSave = 'down'
    await user.type(screen.getByLabelText('Introduction'), ' Really.')
    await waitFor(() => expect(saveStatus()).toBe('Not saved — retry'), afterTheDelay)
    expect(screen.getByText('Something went wrong')).toBeTruthy()

    server.nextSave = 'ok'
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(saveStatus()).toBe('Saved'))
    expect(saves()).toHaveLength(2)
    expect(server.module.introduction).toBe('Every deal starts as a lead. Really.')
  })

  it('keeps the text after a 409, says who changed the module and when in local time, and reloads theirs only when asked', async () => {
    const { user, server, saves } = await openEditor()
    server.nextSave = 'conflict'
    const introduction = screen.getByLabelText('Introduction') as HTMLTextAreaElement
    await user.type(introduction, ' My words.')
    await waitFor(() => expect(saveStatus()).toBe('Not saved — someone else changed this module'), afterTheDelay)

    const notice = screen.getByRole('region', { name: 'Your changes are not saved' })
    expect(within(notice).getByText(`This module was changed by Grace Admin at ${formatChangeTime('2026-11-24T14:02:00.000Z')} — reload to see their changes.`)).toBeTruthy()
    expect(introduction.value).toBe('Every deal starts as a lead. My words.')

    // Still typing: nothing more is sent, nothing is lost.
    await user.type(introduction, ' More.')
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 200))
    expect(saves()).toHaveLength(1)
    expect(introduction.value).toBe('Every deal starts as a lead. My words. More.')

    // Reload their version: a warning first; Cancel keeps the text.
    server.module = { ...content, introduction: 'Grace wrote this.' }
    server.revision = 6
    server.nextSave = 'ok'
    await user.click(within(notice).getByRole('button', { name: 'Reload their version' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Reload the saved version?' })
    expect(within(dialog).getByText(/What you typed since your last save is lost/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(introduction.value).toBe('Every deal starts as a lead. My words. More.')

    await user.click(within(notice).getByRole('button', { name: 'Reload their version' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Reload the saved version?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reload and replace my text' }))
    await waitFor(() => expect((screen.getByLabelText('Introduction') as HTMLTextAreaElement).value).toBe('Grace wrote this.'))
    expect(saveStatus()).toBe('Saved')
    expect(screen.queryByRole('region', { name: 'Your changes are not saved' })).toBeNull()

    // Saving goes on from their revision.
    await user.type(screen.getByLabelText('Introduction'), ' And mine.')
    await waitFor(() => expect(saves()).toHaveLength(2), afterTheDelay)
    expect(saves()[1]!.body).toMatchObject({ baseRevision: 6, module: { introduction: 'Grace wrote this. And mine.' } })
  })

  it('saves the admin’s text over the newer version when they choose to', async () => {
    const { user, server, saves } = await openEditor()
    server.nextSave = 'conflict'
    await user.type(screen.getByLabelText('Introduction'), ' Mine.')
    const notice = await screen.findByRole('region', { name: 'Your changes are not saved' }, afterTheDelay)
    server.revision = 9
    server.nextSave = 'ok'
    await user.click(within(notice).getByRole('button', { name: 'Save mine over it' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Save your version over theirs?' })
    expect(within(dialog).getByText(/Their changes to this module are lost/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over it' }))
    await waitFor(() => expect(saveStatus()).toBe('Saved'))
    expect(saves().at(-1)!.body).toMatchObject({ baseRevision: 9, module: { introduction: 'Every deal starts as a lead. Mine.' } })
  })

  it('sends a change still waiting for its save when the editor closes', async () => {
    const { user, saves, unmount } = await openEditor()
    await user.type(screen.getByLabelText('Introduction'), ' Last words.')
    expect(saves()).toHaveLength(0)
    unmount()
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(saves()[0]!.body).toMatchObject({ module: { introduction: 'Every deal starts as a lead. Last words.' } })
  })
})

describe('ModuleEditor: lists', () => {
  it('adds a pro tip with the focus in it, moves it up with the focus kept, and removes it', async () => {
    const { user, saves } = await openEditor()
    const tips = screen.getByRole('region', { name: 'Pro tips' })
    await user.click(within(tips).getByRole('button', { name: 'Add pro tip' }))
    const third = within(tips).getByLabelText('Pro tip 3')
    expect(document.activeElement).toBe(third)
    await user.type(third, 'Check the **lead source** first.')

    await user.click(within(tips).getByRole('button', { name: 'Move pro tip 3 up' }))
    expect((within(tips).getByLabelText('Pro tip 2') as HTMLTextAreaElement).value).toBe('Check the **lead source** first.')
    expect(document.activeElement).toBe(within(tips).getByRole('button', { name: 'Move pro tip 2 up' }))
    expect(screen.getByText('Pro tip moved to position 2 of 3.')).toBeTruthy()

    await waitFor(() => expect(saves().length).toBeGreaterThan(0), afterTheDelay)
    await waitFor(() =>
      expect((saves().at(-1)!.body as { module: ModuleContent }).module.proTips).toEqual([
        'Add a one-line note.',
        'Check the **lead source** first.',
        'Name the lead source.',
      ]),
    afterTheDelay)

    // Removing it: the tip that takes its place has the focus.
    await user.click(within(tips).getByRole('button', { name: 'Remove pro tip 2' }))
    expect(within(tips).queryByLabelText('Pro tip 3')).toBeNull()
    expect(document.activeElement).toBe(within(tips).getByLabelText('Pro tip 2'))
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('Name the lead source.')
    expect(screen.getByText('Pro tip 2 removed.')).toBeTruthy()
  })

  it('moves a pro tip dragged by its handle and dropped on another, and says where it went', async () => {
    const { saves } = await openEditor()
    const tips = screen.getByRole('region', { name: 'Pro tips' })
    const item = (label: string) => within(tips).getByLabelText(label).closest('li')!
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' }

    const first = item('Pro tip 1')
    expect(first.getAttribute('draggable')).toBe('false')
    fireEvent.pointerDown(within(first).getByTitle('Drag to move'))
    expect(first.getAttribute('draggable')).toBe('true')
    fireEvent.dragStart(first, { dataTransfer })
    // The pointer is past the middle of the second tip (the measured box here has no height): dropped after it.
    expect(fireEvent.dragOver(item('Pro tip 2'), { dataTransfer, clientY: 10 })).toBe(false)
    expect(item('Pro tip 2').className).toContain('after:bg-primary')
    fireEvent.drop(item('Pro tip 2'), { dataTransfer, clientY: 10 })
    fireEvent.dragEnd(first, { dataTransfer })

    expect((within(tips).getByLabelText('Pro tip 1') as HTMLTextAreaElement).value).toBe('Name the lead source.')
    expect((within(tips).getByLabelText('Pro tip 2') as HTMLTextAreaElement).value).toBe('Add a one-line note.')
    expect(screen.getByText('Pro tip moved to position 2 of 2.')).toBeTruthy()
    expect(item('Pro tip 2').getAttribute('draggable')).toBe('false')
    await waitFor(
      () => expect((saves().at(-1)?.body as { module: ModuleContent } | undefined)?.module.proTips).toEqual(['Name the lead source.', 'Add a one-line note.']),
      afterTheDelay,
    )
  })

  it('keeps a nested list’s drag to itself: a key point neither moves its lesson nor lands in another list', async () => {
    const { user } = await openEditor()
    const lessons = screen.getByRole('region', { name: 'Lessons' })
    await user.click(within(lessons).getByRole('button', { name: 'Add key point' }))
    await user.type(within(lessons).getByLabelText('Key point 2'), 'Lead source')
    const point = (label: string) => within(lessons).getByLabelText(label).closest('li')!
    const lesson = point('Key point 1').parentElement!.closest('li')!
    const tip = screen.getByRole('region', { name: 'Pro tips' }).querySelector('li')!
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' }

    fireEvent.pointerDown(within(point('Key point 1')).getByTitle('Drag to move'))
    expect(lesson.getAttribute('draggable')).toBe('false')
    fireEvent.dragStart(point('Key point 1'), { dataTransfer })
    // Over its lesson or another list, the drag is not taken (the event is not cancelled)…
    expect(fireEvent.dragOver(lesson, { dataTransfer, clientY: 10 })).toBe(true)
    expect(fireEvent.dragOver(tip, { dataTransfer, clientY: 10 })).toBe(true)
    expect(lesson.className).not.toContain('after:bg-primary')
    // …over its own list it is.
    expect(fireEvent.dragOver(point('Key point 2'), { dataTransfer, clientY: 10 })).toBe(false)
    fireEvent.drop(point('Key point 2'), { dataTransfer, clientY: 10 })
    fireEvent.dragEnd(point('Key point 2'), { dataTransfer })

    expect((within(lessons).getByLabelText('Key point 1') as HTMLTextAreaElement).value).toBe('Lead source')
    expect((within(lessons).getByLabelText('Key point 2') as HTMLTextAreaElement).value).toBe('Required contact details')
    expect(within(lessons).getAllByRole('group', { name: /^Lesson \d/ })).toHaveLength(1)
    expect(screen.getByText('Key point moved to position 2 of 2.')).toBeTruthy()
  })

  it('does not save a new, empty item: its error shows once the admin moves on', async () => {
    const { user, saves } = await openEditor()
    const takeaways = screen.getByRole('region', { name: 'Key takeaways' })
    await user.click(within(takeaways).getByRole('button', { name: 'Add key takeaway' }))
    expect(within(takeaways).queryByText('Key takeaway is required')).toBeNull()
    await user.tab()
    expect(within(takeaways).getByText('Key takeaway is required')).toBeTruthy()
    await waitFor(() => expect(saveStatus()).toBe('Not saved — fix the errors below'), afterTheDelay)
    expect(screen.getByRole('link', { name: 'Key takeaway 2: Key takeaway is required' })).toBeTruthy()
    expect(saves()).toHaveLength(0)
  })

  it('adds a lesson with a Vimeo video from a pasted address, and shows the schema’s rule for a wrong id', async () => {
    const { user, saves } = await openEditor()
    const lessons = screen.getByRole('region', { name: 'Lessons' })
    await user.click(within(lessons).getByRole('button', { name: 'Add lesson' }))
    const lesson = within(lessons).getByRole('group', { name: 'Lesson 2' })
    expect(document.activeElement).toBe(within(lesson).getByLabelText('Lesson title'))
    await user.type(within(lesson).getByLabelText('Lesson title'), 'Lead Sources')
    await user.type(within(lesson).getByLabelText('Summary'), 'Where leads come from.')
    await user.type(within(lesson).getByLabelText('Duration'), '6 min')
    await user.type(within(lesson).getByLabelText('Key point 1'), 'Every lead has a source.')

    within(lesson).getByLabelText('Video').focus()
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('option', { name: 'Vimeo' }))
    const videoId = within(lesson).getByLabelText('Vimeo video id')
    expect(within(lesson).getByText('A Vimeo video id is 1 to 12 digits. You can paste the video’s address.')).toBeTruthy()
    await user.type(videoId, 'abc')
    await user.tab()
    expect(within(lesson).getByText('A Vimeo video id is 1 to 12 digits')).toBeTruthy()
    expect(videoId.getAttribute('aria-invalid')).toBe('true')

    await user.clear(videoId)
    await user.click(videoId)
    await user.paste('https://vimeo.com/76979871')
    expect((videoId as HTMLInputElement).value).toBe('76979871')
    await waitFor(() => expect(saves().length).toBeGreaterThan(0), afterTheDelay)
    await waitFor(() => {
      const sent = (saves().at(-1)!.body as { module: ModuleContent }).module.lessons[1]
      expect(sent).toMatchObject({ title: 'Lead Sources', video: { provider: 'vimeo', id: '76979871' }, keyPoints: ['Every lead has a source.'] })
      expect(sent?.id).toMatch(/^lesson-[0-9a-f]{24}$/)
    }, afterTheDelay)
  })
})

describe('ModuleEditor: knowledge check', () => {
  it('adds a check with random question and option ids, and saves when learners see the right answers', async () => {
    const { user, saves } = await openEditor()
    const section = screen.getByRole('region', { name: 'Knowledge check' })
    await user.click(within(section).getByRole('button', { name: 'Add a knowledge check' }))
    const question = within(section).getByRole('group', { name: 'Question 1' })
    await user.type(within(question).getByLabelText('Question'), 'Where do leads start?')
    await user.type(within(question).getByLabelText('Option 1 text'), 'The lead board')
    await user.type(within(question).getByLabelText('Option 2 text'), 'The inbox')

    const setting = within(section).getByLabelText('Show learners the right answers')
    expect(setting.textContent).toBe('After they pass or have used every attempt (default)')
    const hint = document.getElementById(setting.getAttribute('aria-describedby')!)
    expect(hint?.textContent).toContain('Until then, after each attempt they see their score and which questions they got wrong, not the right options.')
    setting.focus()
    await user.keyboard('{Enter}')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'After they pass or have used every attempt (default)',
      'After they pass',
      'After their last attempt',
      'After each attempt',
      'Never',
    ])
    await user.click(screen.getByRole('option', { name: 'Never' }))
    expect(setting.textContent).toBe('Never')

    await waitFor(() => {
      const check = (saves().at(-1)?.body as { module: ModuleContent } | undefined)?.module.knowledgeCheck
      expect(check).toMatchObject({ showAnswers: 'never', questions: [{ prompt: 'Where do leads start?' }] })
    }, afterTheDelay)
    const sent = (saves().at(-1)!.body as { module: ModuleContent }).module.knowledgeCheck!.questions[0]!
    // Random, so neither an id nor its order says which option is right.
    expect(sent.id).toMatch(/^q-[0-9a-f]{24}$/)
    for (const option of sent.options) expect(option.id).toMatch(/^o-[0-9a-f]{24}$/)
    expect(sent.options[0]!.id).not.toBe(sent.options[1]!.id)
  })
})

describe('ModuleEditor: preview', () => {
  it('shows the learner’s page from the text in the form, saved or not, and keeps the form for the way back', async () => {
    const { user, requests } = await openEditor()
    await user.type(screen.getByLabelText('Introduction'), ' Not saved yet.')
    await user.click(screen.getByRole('link', { name: 'Preview' }))

    expect(screen.getByText('Preview — learners see this after you publish')).toBeTruthy()
    const page = await screen.findByRole('article', { name: 'Learner page' })
    expect(within(page).getByText('<em>rendered</em> Every deal starts as a lead. Not saved yet.')).toBeTruthy()
    expect(requests.find((request) => request.url.pathname === '/api/admin/course/preview')?.body).toMatchObject({
      moduleId: 'm3',
      module: { introduction: 'Every deal starts as a lead. Not saved yet.' },
    })
    expect(screen.queryByRole('textbox', { name: 'Introduction' })).toBeNull()
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/course/modules/m3/preview')

    await user.click(screen.getByRole('link', { name: 'Back to the editor' }))
    expect((screen.getByLabelText('Introduction') as HTMLTextAreaElement).value).toBe('Every deal starts as a lead. Not saved yet.')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Preview' })))
  })

  it('does not open the preview of a module with errors: it shows them instead', async () => {
    const { user } = await openEditor()
    await user.clear(screen.getByLabelText('Title'))
    await user.click(screen.getByRole('link', { name: 'Preview' }))
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/course/modules/m3')
    const summary = await screen.findByRole('region', { name: 'Fix this to save the module' })
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(screen.getByText('Title is required', { selector: 'p' })).toBeTruthy()
  })
})

describe('ModuleEditor: leaving', () => {
  it('asks before a link takes the admin away from text that cannot be saved; Stay keeps it, Leave goes', async () => {
    const { user } = await openEditor()
    await user.clear(screen.getByLabelText('Title'))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    expect(within(dialog).getByText(/This module has errors, so your latest changes are not saved/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/course/modules/m3')

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Leave and lose changes' }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/course'))
  })

  it('lets a link through when the change only waits for its save, and sends it', async () => {
    const { user, saves } = await openEditor()
    await user.type(screen.getByLabelText('Introduction'), ' Done.')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/course')
    // The test's screen keeps the editor mounted: the save goes after its pause.
    await waitFor(() => expect(saves()).toHaveLength(1), afterTheDelay)
  })

  it('asks the browser to confirm closing the page while anything is unsaved', async () => {
    const { user } = await openEditor()
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await user.type(screen.getByLabelText('Introduction'), ' Done.')
    expect(unload()).toBe(true)
  })
})

describe('ModuleEditor: closed without a question', () => {
  it('keeps text it could not save when it closes (the Back button), says so, and offers it back next time', async () => {
    const { user, saves } = await openEditor()
    await user.clear(screen.getByLabelText('Title'))
    await user.type(screen.getByLabelText('Introduction'), ' Half a thought')
    await user.click(screen.getByRole('button', { name: 'Browser back' }))
    expect(await findToast('Your changes to “Untitled module” are not saved. Open the module again to get them back.')).toBeTruthy()

    await user.click(screen.getByRole('link', { name: 'Open Lead Management' }))
    const notice = await screen.findByRole('region', { name: 'You have unsaved changes to this module' })
    expect((screen.getByLabelText('Introduction') as HTMLTextAreaElement).value).toBe('Every deal starts as a lead.')
    await user.click(within(notice).getByRole('button', { name: 'Restore my changes' }))
    expect((screen.getByLabelText('Introduction') as HTMLTextAreaElement).value).toBe('Every deal starts as a lead. Half a thought')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('region', { name: 'You have unsaved changes to this module' })).toBeNull()

    // Saved against the revision it was typed on: a newer save by someone else would be a 409.
    await user.type(screen.getByLabelText('Title'), 'Lead Management')
    await waitFor(() => expect(saves()).toHaveLength(1), afterTheDelay)
    expect(saves()[0]!.body).toMatchObject({ baseRevision: 4, module: { introduction: 'Every deal starts as a lead. Half a thought' } })
  })

  it('keeps nothing when the admin chose to leave', async () => {
    const { user } = await openEditor()
    await user.clear(screen.getByLabelText('Title'))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Leave and lose changes' }))
    await user.click(await screen.findByRole('link', { name: 'Open Lead Management' }))
    await screen.findByLabelText('Introduction')
    expect(screen.queryByRole('region', { name: 'You have unsaved changes to this module' })).toBeNull()
    expect(unsavedDrafts.size).toBe(0)
  })
})

describe('ModuleEditor: loading', () => {
  it('says when the module is not in the draft', async () => {
    mockApi(() => json({ error: { code: 'NOT_FOUND', message: 'Module not found' } }, 404))
    renderScreen(
      <AuthProvider>
        <ModuleEditor moduleId="gone" mode="edit" renderPreview={() => null} pageTitle={(page) => page} />
      </AuthProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'Module not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the course' }).getAttribute('href')).toBe('/admin/course')
  })

  it('says when it cannot load, with a toast and Try again', async () => {
    mockApi(() => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500))
    renderScreen(
      <AuthProvider>
        <ModuleEditor moduleId="m3" mode="edit" renderPreview={() => null} pageTitle={(page) => page} />
      </AuthProvider>,
    )
    expect(await screen.findByText('Failed to load the module', { selector: 'p' })).toBeTruthy()
    expect(await findToast('Failed to load the module')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
