import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Lesson } from '../../../../shared/course/types'
import { LessonVideo, VideoFrame } from './lesson-video'

const base = 'https://player.example.com/video/'
const lesson: Lesson = { title: 'Tour', summary: 'A tour', durationText: '12 min', keyPoints: [] }

describe('LessonVideo (docs/decisions/0012-video-facade.md)', () => {
  it('shows a play button and no player until the learner clicks: no request to the video host', () => {
    const html = renderToStaticMarkup(<LessonVideo lesson={{ ...lesson, videoId: '123456' }} playerBaseUrl={base} />)
    expect(html).toContain('<button')
    expect(html).toContain('Play video')
    expect(html).toContain('12 min')
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain('player.example.com')
  })

  it('loads the player from the configured host with the lesson’s id once asked to', () => {
    const html = renderToStaticMarkup(<VideoFrame lesson={lesson} videoId="12 34" playerBaseUrl={base} />)
    expect(html).toContain('<iframe')
    expect(html).toContain('src="https://player.example.com/video/12%2034?autoplay=1"')
    expect(html).toContain('title="Video: Tour"')
  })

  it('shows a placeholder with the duration when the lesson has no video id', () => {
    const html = renderToStaticMarkup(<LessonVideo lesson={lesson} playerBaseUrl={base} />)
    expect(html).toContain('Video lesson · 12 min')
    expect(html).not.toContain('<button')
    expect(html).not.toContain('<iframe')
  })
})
