import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { describe, expect, it } from 'vitest'
import { captureLogs, logger, oneWritePerTurn } from './logger'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('log lines, one write per turn of the event loop', () => {
  it('sends the lines of one turn together, in order, at the end of that turn', async () => {
    const writes: string[] = []
    const destination = oneWritePerTurn((text) => writes.push(text))
    destination.write('one\n')
    destination.write('two\n')
    await Promise.resolve()
    destination.write('three\n')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['one\ntwo\nthree\n'])
  })

  it('a later turn is a write of its own, and a quiet turn writes nothing', async () => {
    const writes: string[] = []
    const destination = oneWritePerTurn((text) => writes.push(text))
    destination.write('first\n')
    await nextTurn()
    await nextTurn()
    destination.write('second\n')
    await nextTurn()
    expect(writes).toEqual(['first\n', 'second\n'])
  })

  it('flush writes what is pending at once (the process is about to exit), and only once', async () => {
    const writes: string[] = []
    const destination = oneWritePerTurn((text) => writes.push(text))
    destination.write('last words\n')
    destination.flush()
    expect(writes).toEqual(['last words\n'])
    await nextTurn()
    expect(writes).toEqual(['last words\n'])
  })
})

describe('a failed query in the log', () => {
  it('names the statement and the database\'s reason, never the values it was sent', async () => {
    const client = new PGlite()
    const token = 'session-token-that-must-not-leak'
    try {
      const failure = await drizzle(client)
        .execute(sql`select * from no_such_table where token = ${token}`)
        .then(() => undefined, (error: unknown) => error)
      expect(failure).toBeInstanceOf(Error)
      const lines = captureLogs()
      // Directly, and as the cause of another error.
      logger.error({ err: failure }, 'unexpected error')
      logger.error({ err: new Error('The request failed', { cause: failure }) }, 'unexpected error')
      const logged = lines.splice(0).join('')
      expect(logged).toContain('Failed query: select * from no_such_table where token = $1')
      expect(logged).toContain('relation \\"no_such_table\\" does not exist')
      expect(logged).not.toContain(token)
    } finally {
      await client.close()
    }
  })
})

describe("the database's own text in the log", () => {
  it('keeps its reason and the names it quotes, never the values: in the message, the detail, as a cause', async () => {
    const client = new PGlite()
    const db = drizzle(client)
    const email = 'learner.who.must.not.leak@example.com'
    const token = 'session-token-that-must-not-leak'
    try {
      await db.execute(sql`create table learner (email text unique, visits integer)`)
      await db.execute(sql`insert into learner values (${email}, 1)`)
      const failed = (query: Promise<unknown>) => query.then(() => expect.fail('the statement should fail'), (error: unknown) => error)
      const duplicate = await failed(db.execute(sql`insert into learner values (${email}, 2)`))
      const unreadable = await failed(db.execute(sql`select ${token}::integer`))
      const direct = await failed(client.query('insert into learner values ($1, 3)', [email]))
      const outOfRange = await failed(db.execute(sql`select ${'98765432109876'}::integer`))
      const lines = captureLogs()
      for (const error of [duplicate, unreadable, direct, outOfRange]) {
        logger.error({ err: error }, 'unexpected error')
        logger.error({ err: new Error('The request failed', { cause: error }) }, 'unexpected error')
      }
      const logged = lines.splice(0)
      expect(logged).toHaveLength(8)
      for (const line of logged) {
        expect(line).not.toContain(email)
        expect(line).not.toContain(token)
        expect(line).not.toContain('98765432109876')
      }
      expect(logged[0]).toContain('duplicate key value violates unique constraint \\"learner_email_key\\"')
      expect(logged[2]).toContain('invalid input syntax for type integer: [redacted]')
      expect(JSON.parse(logged[4]!).err.detail).toBe('Key (email)=([redacted])')
      expect(logged[6]).toContain('value [redacted] is out of range for type integer')
    } finally {
      await client.close()
    }
  })
})
