import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LearnerLesson } from '../../../../shared/course/api-types'
import { LessonVideo, VideoFrame } from './lesson-video'

const lesson: LearnerLesson = { id: 'm2-l1', title: 'Tour', summary: { html: 'A tour' }, video: null, durationText: '12 min', keyPoints: [] }
const video = { provider: 'vimeo', id: '123456', embedUrl: 'https://player.vimeo.com/video/123456?autoplay=1' } as const

describe('LessonVideo (docs/decisions/0012-video-facade.md)', () => {
  it('shows a play button and no player until the learner clicks: no request to the video host', () => {
    const html = renderToStaticMarkup(<LessonVideo lesson={{ ...lesson, video }} />)
    expect(html).toContain('<button')
    expect(html).toContain('Play video')
    expect(html).toContain('12 min')
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain('player.vimeo.com')
  })

  it('loads the player from the address the server gave once asked to', () => {
    const html = renderToStaticMarkup(<VideoFrame title="Tour" embedUrl={video.embedUrl} />)
    expect(html).toContain('<iframe')
    expect(html).toContain('src="https://player.vimeo.com/video/123456?autoplay=1"')
    expect(html).toContain('title="Video: Tour"')
  })

  it('shows a placeholder with the duration when the lesson has no video', () => {
    const html = renderToStaticMarkup(<LessonVideo lesson={lesson} />)
    expect(html).toContain('Video lesson · 12 min')
    expect(html).not.toContain('<button')
    expect(html).not.toContain('<iframe')
  })
})
