import { describe, expect, it } from 'vitest'
import { oneWritePerTurn } from './logger'

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
