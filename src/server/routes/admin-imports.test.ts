import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, user } from '../db/schema'
import { linkIn } from '../test/smtp-capture'
import { createHarness, PUBLIC_URL, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = await h.clientAs('admin')
})
afterAll(() => h.close())

const IMPORTS = '/api/admin/imports'
const userCount = async () => Number((await h.db.select({ n: count() }).from(user))[0]!.n)
const userByEmail = async (email: string) => (await h.db.select().from(user).where(eq(user.email, email)))[0]
const csv = (...rows: string[]) => ['email,full_name,role', ...rows].join('\r\n')

let fileCount = 0
/** A fresh prefix, so each test's e-mails are its own. */
const tag = () => `imp${++fileCount}${Date.now().toString(36)}`

function upload(client: TestClient, body: string, query = 'mode=dry-run', contentType = 'text/csv; charset=utf-8') {
  return client.request('POST', `${IMPORTS}?${query}`, { rawBody: body, headers: { 'content-type': contentType } })
}

describe('POST /api/admin/imports is admin-only', () => {
  it.each(REFUSED_CALLERS)('%s → %i %s, nothing created', async (caller, status, code) => {
    const t = tag()
    const client = await h.clientAs(caller)
    const response = await upload(client, csv(`${t}@example.com,Someone,user`), 'mode=commit')
    expect(response.status).toBe(status)
    expect(response.json.error.code).toBe(code)
    expect(await userByEmail(`${t}@example.com`)).toBeUndefined()
  })
})

describe('dry run, then commit', () => {
  it('reports each row, writes nothing; the commit then creates the valid new rows and only those', async () => {
    const t = tag()
    const existing = await h.createUser({ email: `${t}-old@example.com`, fullName: 'Old Name' })
    const file = csv(
      `${t}-ada@example.com,Ada Broker,user`,
      `${t}-OLD@example.com,New Name,admin`,
      `not-an-email,Bad Email,user`,
      `${t}-long@example.com,${'n'.repeat(101)},user`,
      `${t}-role@example.com,Role Person,manager`,
      `${t}-ADA@example.com,Ada Again,user`,
      `${t}-bo@example.com,"Smith, Bo",Admin`,
      `${t}-cy@example.com,,`,
      `${t}-short@example.com,Too Few`,
    )
    const before = await userCount()
    const dryRun = await upload(admin, file)
    expect(dryRun.status).toBe(200)
    expect(dryRun.json.mode).toBe('dry-run')
    expect(dryRun.json.rows.map((row: { line: number; status: string; errors: string[] }) => [row.line, row.status, row.errors])).toEqual([
      [2, 'create', []],
      [3, 'exists', []],
      [4, 'error', ['Invalid email format']],
      [5, 'error', ['Name must be less than 100 characters']],
      [6, 'error', ['Unknown role "manager": use user or admin']],
      [7, 'error', ['Duplicate in file: the same email as line 2']],
      [8, 'create', []],
      [9, 'create', []],
      [10, 'error', ['Expected 3 columns (email, full_name, role), found 2']],
    ])
    expect(dryRun.json.rows[6]).toEqual({ line: 8, email: `${t}-bo@example.com`, fullName: 'Smith, Bo', role: 'admin', status: 'create', errors: [] })
    expect(dryRun.json.counts).toEqual({ create: 3, exists: 1, error: 5 })
    expect(dryRun.json.created).toBe(0)
    expect(await userCount()).toBe(before)

    const commit = await upload(admin, file, 'mode=commit&sendLoginDetails=false')
    expect(commit.status).toBe(200)
    expect(commit.json).toMatchObject({ mode: 'commit', created: 3, counts: { create: 3, exists: 1, error: 5 }, loginDetails: 'not-requested' })
    expect(await userCount()).toBe(before + 3)
    expect(await userByEmail(`${t}-ada@example.com`)).toMatchObject({ name: 'Ada Broker', role: 'user', mustChangePassword: false, banned: false })
    expect(await userByEmail(`${t}-bo@example.com`)).toMatchObject({ name: 'Smith, Bo', role: 'admin' })
    expect(await userByEmail(`${t}-cy@example.com`)).toMatchObject({ name: '', role: 'user' })
    // Imported accounts have no password until the learner chooses one.
    const ada = (await userByEmail(`${t}-ada@example.com`))!
    expect(await h.db.select().from(account).where(eq(account.userId, ada.id))).toEqual([])
    // The existing account is untouched.
    expect(await userByEmail(existing.email)).toMatchObject({ name: 'Old Name', role: 'user' })
    expect(h.smtp.messages.filter((mail) => mail.to.includes(t))).toEqual([])

    // The same file again: everything valid now exists.
    const again = await upload(admin, file, 'mode=commit')
    expect(again.json).toMatchObject({ created: 0, counts: { create: 0, exists: 4, error: 5 } })
    expect(await userCount()).toBe(before + 3)
  })

  it('e-mails each new learner a link to choose a password; the link works once, then they sign in', async () => {
    const t = tag()
    const email = `${t}-invited@example.com`
    const commit = await upload(admin, csv(`${email},Invited Learner,user`), 'mode=commit&sendLoginDetails=true')
    expect(commit.json).toMatchObject({ created: 1, loginDetails: 'sending' })

    const mail = await h.smtp.waitFor(email)
    expect(mail.subject).toBe(`Your login details — ${h.env.site.courseName}`)
    expect(mail.text).toContain(`Email: ${email}`)
    expect(mail.text).toContain('expires in 7 days')
    const link = linkIn(mail, `${PUBLIC_URL}/change-password?token=`)
    const token = new URL(link).searchParams.get('token')!

    const reset = await h.client().post('/api/auth/reset-password', { token, newPassword: 'my own passphrase' })
    expect(reset.status).toBe(200)
    const signedIn = await h.client().post('/api/auth/sign-in/email', { email, password: 'my own passphrase' })
    expect(signedIn.status).toBe(200)
    expect(signedIn.json).toMatchObject({ email, fullName: 'Invited Learner', mustChangePassword: false })
    expect((await h.client().post('/api/auth/reset-password', { token, newPassword: 'another passphrase' })).status).toBe(400)
  })

  it('an imported learner without the e-mail gets in through Forgot your password?', async () => {
    const email = `${tag()}-quiet@example.com`
    await upload(admin, csv(`${email},,user`), 'mode=commit')
    expect((await h.client().post('/api/auth/request-password-reset', { email })).status).toBe(200)
    const token = new URL(linkIn(await h.smtp.waitFor(email), `${PUBLIC_URL}/change-password?token=`)).searchParams.get('token')!
    expect((await h.client().post('/api/auth/reset-password', { token, newPassword: 'chosen later' })).status).toBe(200)
    expect((await h.client().post('/api/auth/sign-in/email', { email, password: 'chosen later' })).status).toBe(200)
  })

  it('a failed import creates nobody, not even the rows before the failure', async () => {
    const t = tag()
    const rows = Array.from({ length: 600 }, (_, i) => `${t}-${i}@example.com,Learner ${i},user`)
    // A real failure in the database, part-way through (the second batch of inserts).
    await h.db.execute(
      sql.raw(`create function refuse_import_row() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    )
    await h.db.execute(
      sql.raw(`create trigger refuse_import_row before insert on "user" for each row
        when (new.email = '${t}-550@example.com') execute function refuse_import_row()`),
    )
    try {
      const before = await userCount()
      const response = await upload(admin, csv(...rows), 'mode=commit&sendLoginDetails=true')
      expect(response.status).toBe(500)
      expect(response.json.error.code).toBe('INTERNAL')
      expect(await userCount()).toBe(before)
      expect(await userByEmail(`${t}-0@example.com`)).toBeUndefined()
      // Logged once, with the answer's request id and the route's pattern, never the rows' values.
      const logged = h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>)
      const unexpected = logged.filter((line) => line.msg === 'unexpected error' && line.requestId === response.json.requestId)
      expect(unexpected).toHaveLength(1)
      expect(unexpected[0]).toMatchObject({ method: 'POST', route: '/api/admin/imports' })
      expect(JSON.stringify(unexpected[0])).not.toContain(`${t}-0@example.com`)
    } finally {
      await h.db.execute(sql.raw('drop trigger refuse_import_row on "user"'))
      await h.db.execute(sql.raw('drop function refuse_import_row()'))
    }
    expect(h.smtp.messages.filter((mail) => mail.to.includes(t))).toEqual([])
  })

  it('takes 5,000 rows in one go, a file bigger than the API’s usual 100 KB', async () => {
    const t = tag()
    const rows = Array.from({ length: 5000 }, (_, i) => `${t}-${i}@example.com,Learner Number ${i},user`)
    const file = csv(...rows)
    expect(file.length).toBeGreaterThan(200 * 1024)
    const before = await userCount()
    const response = await upload(admin, file, 'mode=commit')
    expect(response.status).toBe(200)
    expect(response.json.created).toBe(5000)
    expect(await userCount()).toBe(before + 5000)
  })
})

describe('bad input → 4xx with the error shape, nothing created', () => {
  const t = tag()
  const good = csv(`${t}@example.com,Someone,user`)

  it.each([
    ['no header', `${t}@example.com,Someone,user`, 'mode=commit', 400, 'The first line must be the header email,full_name,role'],
    ['only a header', 'email,full_name,role\r\n', 'mode=commit', 400, 'The file has no rows under the header.'],
    ['an unclosed quote', csv(`${t}@example.com,"Someone,user`), 'mode=commit', 400, 'The file is not valid CSV'],
    [
      '5,001 rows',
      csv(...Array.from({ length: 5001 }, (_, i) => `${t}-${i}@example.com,,user`)),
      'mode=commit',
      400,
      'The file has 5,001 rows; one import takes at most 5,000.',
    ],
    ['no mode', good, '', 400, 'mode must be dry-run or commit'],
    ['an unknown mode', good, 'mode=now', 400, 'mode must be dry-run or commit'],
    ['sendLoginDetails=yes', good, 'mode=commit&sendLoginDetails=yes', 400, 'sendLoginDetails must be true or false'],
    ['a file over 2 MB', csv(`${t}@example.com,Someone,user`, 'x'.repeat(2 * 1024 * 1024)), 'mode=commit', 413, 'The file is larger than 2 MB.'],
  ])('%s', async (_name, body, query, status, message) => {
    const before = await userCount()
    const response = await upload(admin, body, query)
    expect(response.status).toBe(status)
    expect(response.json.error.message).toContain(message)
    expect(await userCount()).toBe(before)
  })

  it('a body that is not text/csv → 415', async () => {
    const response = await upload(admin, JSON.stringify({ csv: good }), 'mode=commit', 'application/json')
    expect(response.status).toBe(415)
    expect(response.json.error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as text/csv.' })
    expect(await userByEmail(`${t}@example.com`)).toBeUndefined()
  })

  it('other routes keep the 100 KB limit', async () => {
    const response = await admin.post('/api/admin/users', { email: 'big@example.com', fullName: 'x'.repeat(110 * 1024) })
    expect(response.status).toBe(413)
  })
})
