import { describe, expect, it } from 'vitest'
import { moduleState, summarizeCourseProgress } from './progress'

/** The seeded course's eight modules and their minutes. */
const EIGHT = [5, 12, 15, 10, 12, 8, 18, 10].map((minutes, index) => ({ id: `m${index + 1}`, moduleNumber: index + 1, minutes }))
const summarizeProgress = (numbers: number[]) => summarizeCourseProgress(EIGHT, numbers.map((n) => `m${n}`))

describe('summarizeCourseProgress over the seeded course', () => {
  it('starts at nothing done, 90 minutes left, module 1 next', () => {
    expect(summarizeProgress([])).toEqual({
      completedModuleNumbers: [],
      completedCount: 0,
      totalModules: 8,
      percent: 0,
      minutesLeft: 90,
      nextModuleNumber: 1,
      isCourseComplete: false,
    })
  })

  it('takes completed minutes off the 90, points at the first incomplete module and rounds the percent', () => {
    const summary = summarizeProgress([1, 3, 7])
    expect(summary.completedCount).toBe(3)
    expect(summary.minutesLeft).toBe(90 - 5 - 15 - 18)
    expect(summary.nextModuleNumber).toBe(2)
    expect(summary.percent).toBe(38)
    expect(summarizeProgress([2]).percent).toBe(13)
  })

  it('is complete at 8 of 8 with nothing left and no next module', () => {
    const summary = summarizeProgress([8, 7, 6, 5, 4, 3, 2, 1])
    expect(summary).toMatchObject({ completedCount: 8, percent: 100, minutesLeft: 0, nextModuleNumber: null, isCourseComplete: true })
    expect(summary.completedModuleNumbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('ignores duplicates and numbers outside the course', () => {
    expect(summarizeProgress([2, 2, 0, 9]).completedModuleNumbers).toEqual([2])
  })
})

describe('moduleState', () => {
  it('is completed, in progress for the first incomplete module, or not started', () => {
    const summary = summarizeProgress([1, 2])
    expect(moduleState(summary, 1)).toBe('completed')
    expect(moduleState(summary, 3)).toBe('in-progress')
    expect(moduleState(summary, 4)).toBe('not-started')
  })
})

describe('summarizeCourseProgress', () => {
  const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ id: `m${n}`, moduleNumber: n, minutes: 10 }))

  it('counts over the course it is given: 8 done of 9 is not complete, and the ninth is next', () => {
    const summary = summarizeCourseProgress(nine, ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])
    expect(summary).toEqual({
      completedModuleNumbers: [1, 2, 3, 4, 5, 6, 7, 8],
      completedCount: 8,
      totalModules: 9,
      percent: 89,
      minutesLeft: 10,
      nextModuleNumber: 9,
      isCourseComplete: false,
    })
  })

  it('follows the modules by id wherever they sit, and ignores ids the course does not have', () => {
    const reordered = [
      { id: 'm3', moduleNumber: 1, minutes: 15 },
      { id: 'm1', moduleNumber: 2, minutes: 5 },
      { id: 'm2', moduleNumber: 3, minutes: 12 },
    ]
    expect(summarizeCourseProgress(reordered, ['m3', 'gone'])).toMatchObject({
      completedModuleNumbers: [1],
      completedCount: 1,
      totalModules: 3,
      minutesLeft: 17,
      nextModuleNumber: 2,
    })
  })
})
