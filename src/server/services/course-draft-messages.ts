import { randomUUID } from 'node:crypto'
import type { ModuleContent } from '../../shared/course/schema'
import type { SessionUser } from '../auth/session'
import { AppError } from '../errors'

// What the course studio's draft says to admins: who changed what, the refusals, a new module's
// placeholder texts (services/course-draft.ts).

/** Who made a change, as the draft and the version history remember them. */
export type Editor = Pick<SessionUser, 'id' | 'name' | 'email'>
export const editorName = (editor: Editor): string => editor.name.trim() || editor.email

export const ORDER_CHANGED_MESSAGE =
  'The module list has changed since you loaded it (a module was added, removed or restored). Reload to see it, then move the modules again.'

/** '14:02 UTC': the server does not know the admin's time zone; the answer's `changedAt` lets the editor say it in theirs. */
const timeOfDay = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`

/**
 * The 409 of a save whose revision someone else (or the same admin, in another tab: 'you') has
 * saved over since the editor loaded it, with who and when.
 */
export function savedSinceConflict(current: { updatedBy: string | null; updatedByName: string; updatedAt: Date }, editor: Editor): AppError {
  const who = current.updatedBy === editor.id ? 'you' : current.updatedByName
  return new AppError(
    'CONFLICT',
    `This module was changed by ${who} at ${timeOfDay(current.updatedAt)} — reload to see ${who === 'you' ? 'the saved version' : 'their changes'}.`,
    undefined,
    { changedBy: current.updatedByName, changedAt: current.updatedAt.toISOString() },
  )
}

/** The text cut to `max` characters, at the last whole word when there is one. */
function shortened(text: string, max: number): string {
  const characters = Array.from(text)
  if (characters.length <= max) return text
  const cut = characters.slice(0, max + 1).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : characters.slice(0, max).join('')).trim()
}

/** A new module that passes the course schema as it is, for the admin to fill in. */
export function newModuleContent(title: string): ModuleContent {
  return {
    title,
    navLabel: shortened(title, 40),
    description: 'What learners will be able to do after this module.',
    minutes: 10,
    introduction: 'What this module covers, and why it matters.',
    lessons: [
      {
        id: randomUUID(),
        title: 'Lesson 1',
        summary: 'What this lesson covers.',
        video: null,
        durationText: '10 min',
        keyPoints: ['The first thing learners take away.'],
      },
    ],
    guide: [],
    importantReminders: [],
    proTips: [],
    actionStep: { title: 'Your action step', description: 'What learners do next, in the CRM.' },
    keyTakeaways: [],
  }
}
