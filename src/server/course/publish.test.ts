import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CourseCatalog, CourseProgress, LearnerModule } from '../../shared/course/api-types'
import { moduleProgress, user as userTable } from '../db/schema'
import { COURSE, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { expectInert } from '../test/inert-html'

let h: Harness
let admin: TestClient
let learner: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
  learner = (await h.signedIn()).client
  await learner.put('/api/progress/1', { completed: true })
})
afterAll(() => h?.close())

const MODULES = [1, 2, 3, 4, 5, 6, 7, 8]
const MARK = ' (revised)'

type Answer = { kind: 'catalog'; body: CourseCatalog } | { kind: 'module'; body: LearnerModule } | { kind: 'progress'; body: CourseProgress }

/** One learner's worth of reads: the catalog, every module page and the progress, all at once. */
function readEverything(): Promise<Answer>[] {
  const ok = async (url: string) => {
    const response = await learner.get(url)
    expect(response.status, response.text).toBe(200)
    return response.json
  }
  return [
    ok('/api/course').then((body) => ({ kind: 'catalog', body })),
    ...MODULES.map((n) => ok(`/api/course/modules/${n}`).then((body) => ({ kind: 'module' as const, body }))),
    ok('/api/progress').then((body) => ({ kind: 'progress', body })),
  ]
}

/** Every text of an answer that the change touches, with whether each carries the change. */
function revisedFlags(answer: Answer): boolean[] {
  if (answer.kind === 'catalog') return answer.body.modules.flatMap((module) => [module.title, module.navLabel].map((text) => text.endsWith(MARK)))
  if (answer.kind === 'progress') {
    // Module 1 done: 90 - 5 minutes left of the old course, 98 - 6 of the new; a mix would be neither.
    expect([85, 92]).toContain(answer.body.minutesLeft)
    return [answer.body.minutesLeft === 92]
  }
  const module = answer.body
  return [
    module.title.endsWith(MARK),
    module.navLabel.endsWith(MARK),
    module.introduction.html.endsWith(MARK),
    ...(module.previous ? [module.previous.navLabel.endsWith(MARK)] : []),
    ...(module.next ? [module.next.navLabel.endsWith(MARK)] : []),
  ]
}

describe('publishing', () => {
  it('is atomic for readers: during a publish that changes every module, each answer is all the old version or all the new', async () => {
    for (const n of MODULES) {
      await editModule(admin, `m${n}`, (module) => ({
        ...module,
        title: module.title + MARK,
        navLabel: module.navLabel.slice(0, 40 - MARK.length) + MARK,
        minutes: module.minutes + 1,
        introduction: module.introduction + MARK,
      }))
    }
    // Reads sent before the publish, while it runs, and after: every answer checked on its own.
    const before = readEverything()
    const publishing = publish(admin, 'Every module revised')
    const during = [...readEverything(), ...readEverything(), ...readEverything()]
    expect(await publishing).toBe(4)
    const after = readEverything()
    const answers = await Promise.all([...before, ...during, ...after])

    const versions = new Set<number>()
    for (const answer of answers) {
      const flags = revisedFlags(answer)
      const isRevised = flags[0]!
      expect(new Set(flags), `${answer.kind}: ${JSON.stringify(answer.body).slice(0, 200)}`).toEqual(new Set([isRevised]))
      if (answer.kind !== 'progress') {
        expect(answer.body.version).toBe(isRevised ? 4 : 3)
        versions.add(answer.body.version)
      }
    }
    expect([...versions].sort()).toEqual([3, 4])
    for (const answer of await Promise.all(after)) {
      if (answer.kind !== 'progress') expect(answer.body.version).toBe(4)
    }
  })

  it('keeps every learner’s count right when progress writes, a deletion and a publish that takes a module out run at once', async () => {
    const learners = await Promise.all(Array.from({ length: 6 }, () => h.signedIn()))
    const leaving = await h.signedIn()
    await leaving.client.put('/api/progress/7', { completed: true })
    expect((await admin.delete(`${COURSE}/modules/m7`)).status).toBe(200)
    const writes = learners.flatMap(({ client }, i) =>
      [7, 6, 5, 4, 3].map((n) => client.put(`/api/progress/${(n + i) % 8 || 8}`, { completed: true })),
    )
    const [published, deleted, ...written] = await Promise.all([
      publish(admin, 'Module 7 taken out'),
      admin.delete(`/api/admin/users/${leaving.user.id}`),
      ...writes,
    ])
    expect(published).toBeGreaterThan(1)
    expect((deleted as { status: number }).status).toBe(204)
    for (const answer of written as { status: number; text: string }[]) expect(answer.status, answer.text).toBe(200)
    const live = new Set(h.courseStore.current().document.modules.map((module) => module.id))
    expect(live.has('m7')).toBe(false)
    for (const { user } of learners) {
      const rows = await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, user.id))
      const [row] = await h.db.select({ count: userTable.completedModules }).from(userTable).where(eq(userTable.id, user.id))
      expect(row!.count, user.email).toBe(rows.filter((progress) => live.has(progress.moduleId)).length)
    }
  })

  it('makes hostile Markdown inert for learners, and keeps plain text exactly as typed', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox(1))',
      '<img src=x onerror=alert(1)>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '[[x](javascript:alert(1))](https://ok.example/)',
      '**<b onmouseover=alert(1)>bold</b>**',
    ].join('\n')
    const plain = '<script>alert(1)</script> & "quotes"'
    await editModule(admin, 'm2', (module) => ({
      ...module,
      title: plain,
      introduction: hostile,
      lessons: module.lessons.map((lesson) => ({ ...lesson, summary: hostile, keyPoints: [hostile.slice(0, 300)] })),
      guide: [{ title: plain, detail: hostile }],
      importantReminders: [hostile],
      proTips: [hostile],
      actionStep: { title: plain, description: hostile },
      keyTakeaways: [hostile],
    }))
    const preview = await admin.post(`${COURSE}/preview`, { moduleId: 'm2', module: (await admin.get(`${COURSE}/modules/m2`)).json.module })
    await publish(admin, 'Hostile text')

    for (const page of [preview.json as LearnerModule, (await learner.get('/api/course/modules/2')).json as LearnerModule]) {
      const rendered = [
        page.introduction,
        ...page.lessons.flatMap((lesson) => [lesson.summary, ...lesson.keyPoints]),
        ...page.guide.map((step) => step.detail),
        ...page.importantReminders,
        ...page.proTips,
        page.actionStep.description,
        ...page.keyTakeaways,
      ]
      for (const { html } of rendered) {
        expectInert(html)
        expect(html).toContain('&lt;script&gt;')
      }
      // Plain text is text: the client shows it as it is (React escapes it), never as markup.
      expect([page.title, page.guide[0]!.title, page.actionStep.title]).toEqual([plain, plain, plain])
    }
    expect((await learner.get('/api/course/modules/3')).json.previous.navLabel).toBe(
      (await learner.get('/api/course/modules/2')).json.navLabel,
    )
  })
})
