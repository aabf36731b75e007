import { describe, expect, it } from 'vitest'
import { createRecentAnswers, INSIGHTS_FRESH_MS } from './recent-answers'

describe('the charts’ recent answers', () => {
  it('compute once for requests that arrive together or within the minute, then again', async () => {
    let clock = 0
    let computed = 0
    const recent = createRecentAnswers(() => clock)
    const compute = async () => ++computed
    expect(await Promise.all([recent('funnel?', compute), recent('funnel?', compute)])).toEqual([1, 1])
    clock += INSIGHTS_FRESH_MS - 1
    expect(await recent('funnel?', compute)).toBe(1)
    expect(await recent('funnel?source=import', compute)).toBe(2)
    clock += 1
    expect(await recent('funnel?', compute)).toBe(3)
  })

  it('do not keep a failure', async () => {
    const recent = createRecentAnswers(() => 0)
    await expect(recent('video?', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost')
    expect(await recent('video?', async () => 'drawn')).toBe('drawn')
  })
})
