import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { dictionary } from '@zxcvbn-ts/language-common'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { codePointLength } from '../../shared/schemas/fields'
import type * as TemporaryPassword from '../../shared/temporary-password'
import { session, user } from '../db/schema'
import { loadEnv } from '../env'
import { generateUncommonPassword, isCommonPassword } from '../services/passwords'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { createHarness, PUBLIC_URL, TestClient, type Harness } from '../test/harness'
import { linkIn } from '../test/smtp-capture'
import { DAY_MS } from '../../shared/durations'

// The generator is scripted here so the test can hand it common passwords first.
const generated = vi.hoisted(() => ({ queue: [] as string[] }))
vi.mock('../../shared/temporary-password', async (importOriginal) => {
  const real = await importOriginal<typeof TemporaryPassword>()
  return { ...real, generateTemporaryPassword: () => generated.queue.shift() ?? real.generateTemporaryPassword() }
})

const TOO_COMMON = 'This password is too common. Choose another one.'
const EXPIRED = {
  error: {
    code: 'TEMPORARY_PASSWORD_EXPIRED',
    message: 'Your temporary password has expired. Please ask your administrator for a new one.',
  },
  requestId: expect.any(String),
}

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const signIn = (email: string, password: string) => h.client().post('/api/auth/sign-in/email', { email, password })
const changePassword = (client: TestClient, newPassword: string, currentPassword?: string) =>
  client.put('/api/profile/password', { newPassword, currentPassword })

describe('length, counted in code points', () => {
  const emoji = ['🔐', '🌍', '🚀', '🎉', '🦄', '🍀', '🎯', '🌈']
  const chosen = [
    ['spaces', 'a long walk on the beach at dusk'],
    ['accents', 'Crème brûlée à l’été'],
    ['8 emoji (16 UTF-16 units)', emoji.join('')],
    ['128 emoji (256 UTF-16 units)', Array.from({ length: 128 }, (_, i) => emoji[i % 8]).join('')],
  ] as const

  it('accepts spaces, accents and emoji; the exact string signs in, a prefix does not', async () => {
    const { user: learner, client } = await h.signedIn()
    let current = learner.password
    for (const [, password] of chosen) {
      expect((await changePassword(client, password, current)).status).toBe(200)
      current = password
      expect((await signIn(learner.email, password)).status).toBe(200)
      const prefix = Array.from(password).slice(0, -1).join('')
      expect((await signIn(learner.email, prefix)).status).toBe(401)
    }
    // A lone surrogate half of the last emoji is not the password either.
    expect((await signIn(learner.email, current.slice(0, -1))).status).toBe(401)
  })

  it.each([
    ['7 emoji (14 UTF-16 units)', emoji.slice(0, 7).join(''), 'Password must be at least 8 characters'],
    ['129 code points', `${'é'.repeat(128)}x`, 'Password too long'],
  ])('refuses %s with the spec message, and nothing changes', async (_, password, message) => {
    const { user: learner, client } = await h.signedIn()
    const response = await changePassword(client, password, learner.password)
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message })
    expect((await signIn(learner.email, learner.password)).status).toBe(200)
  })
})

describe('common passwords', () => {
  it('knows at least 10,000 that the length rule lets through, in any case', () => {
    const longEnough = dictionary['passwords-common'].filter((p) => codePointLength(p) >= 8 && codePointLength(p) <= 128)
    expect(longEnough.length).toBeGreaterThanOrEqual(10_000)
    expect(longEnough.every((p) => isCommonPassword(p.toUpperCase()))).toBe(true)
    for (const famous of ['password', 'Password1', '12345678', 'iloveyou', 'QWERTYUIOP', 'trustno1', 'sunshine']) {
      expect(isCommonPassword(famous), famous).toBe(true)
    }
    expect(isCommonPassword('a long walk on the beach at dusk')).toBe(false)
  })

  it('are refused when an admin creates a user, and no user is created', async () => {
    const admin = await h.clientAs('admin')
    const email = 'common.temp@example.com'
    const response = await admin.post('/api/admin/users', { email, role: 'user', temporaryPassword: 'Sunshine' })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      error: { code: 'VALIDATION_FAILED', message: TOO_COMMON, issues: [{ path: 'temporaryPassword', message: TOO_COMMON }] },
      requestId: expect.any(String),
    })
    expect(await h.db.select().from(user).where(eq(user.email, email))).toEqual([])
  })

  it('are refused on a password change, for a temporary password holder too; the old one still works', async () => {
    const { user: learner, client } = await h.signedIn()
    const response = await changePassword(client, 'iloveyou', learner.password)
    expect(response.status).toBe(400)
    expect(response.json.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: TOO_COMMON,
      issues: [{ path: 'newPassword', message: TOO_COMMON }],
    })
    expect((await signIn(learner.email, learner.password)).status).toBe(200)

    const held = await h.signedIn({ isTemporary: true })
    expect((await changePassword(held.client, 'BASEBALL')).json.error.message).toBe(TOO_COMMON)
    expect((await held.client.get('/api/profile')).json.mustChangePassword).toBe(true)
  })

  it('are refused through the reset link, which then still works for a better one', async () => {
    const learner = await h.createUser()
    expect((await h.client().post('/api/auth/request-password-reset', { email: learner.email })).status).toBe(200)
    const token = new URL(linkIn(await h.smtp.waitFor(learner.email), `${PUBLIC_URL}/change-password`)).searchParams.get('token')!
    const refused = await h.client().post('/api/auth/reset-password', { token, newPassword: 'PrInCeSs' })
    expect(refused.status).toBe(400)
    expect(refused.json.error.message).toBe(TOO_COMMON)
    expect((await h.client().post('/api/auth/reset-password', { token, newPassword: 'my own reset phrase' })).status).toBe(200)
    expect((await signIn(learner.email, 'my own reset phrase')).status).toBe(200)
  })

  it('are refused by the user:create CLI before it touches the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-cli-common-'))
    try {
      const failure = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/user-create.ts', '--email', 'cli@example.com', '--password', 'Football'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' } },
      ).catch((error: { code: number; stderr: string }) => error)
      expect(failure).toMatchObject({ code: 1, stderr: `Error: ${TOO_COMMON}\n` })
      expect(fs.readdirSync(dataDir)).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('are never generated: the generator draws again', () => {
    generated.queue.push('password', 'Qwertyuiop', 'k3#Vx9!mPq2z')
    expect(generateUncommonPassword()).toBe('k3#Vx9!mPq2z')
    expect(generated.queue).toEqual([])
  })
})

describe('temporary passwords expire', () => {
  async function temporaryIssuedDaysAgo(days: number) {
    const learner = await h.createUser({ isTemporary: true })
    await h.db
      .update(user)
      .set({ temporaryPasswordIssuedAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(user.id, learner.id))
    return learner
  }

  it('after 30 days by default: sign-in is refused with a message to ask for a new one, and no session exists', async () => {
    const learner = await temporaryIssuedDaysAgo(30.01)
    const response = await signIn(learner.email, learner.password)
    expect(response.status).toBe(403)
    expect(response.json).toEqual(EXPIRED)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await h.db.select().from(session).where(eq(session.userId, learner.id))).toEqual([])
    // Without the right password nothing tells the account's state.
    const wrong = await signIn(learner.email, 'not the password')
    expect(wrong.json.error.code).toBe('INVALID_CREDENTIALS')
  })

  it('not before: a 29-day-old temporary password signs in, and a chosen password never expires', async () => {
    const fresh = await temporaryIssuedDaysAgo(29)
    const response = await signIn(fresh.email, fresh.password)
    expect(response.status).toBe(200)
    expect(response.json.mustChangePassword).toBe(true)

    const chosen = await h.createUser()
    await h.db.update(user).set({ createdAt: new Date(Date.now() - 400 * DAY_MS) }).where(eq(user.id, chosen.id))
    expect((await signIn(chosen.email, chosen.password)).status).toBe(200)
  })

  it('the period is TEMP_PASSWORD_TTL_DAYS', async () => {
    expect(() => loadEnv({ TEMP_PASSWORD_TTL_DAYS: '0' })).toThrow('TEMP_PASSWORD_TTL_DAYS: must be 1 or more')
    const env = { ...h.env, temporaryPasswordTtlDays: loadEnv({ TEMP_PASSWORD_TTL_DAYS: '7' }).temporaryPasswordTtlDays }
    const auth = createAuth({ env, db: h.db, mailer: h.mailer, secret: h.authSecret })
    const weekly = new TestClient(createApp({ env, db: h.db, auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore }))
    const learner = await temporaryIssuedDaysAgo(8)
    const response = await weekly.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(response.json).toEqual(EXPIRED)
  })
})
