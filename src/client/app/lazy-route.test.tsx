import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyRoute } from './lazy-route'

const render = (Screen: ReturnType<typeof lazyRoute>) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  )

describe('lazyRoute', () => {
  it('suspends until its chunk has loaded, like React.lazy', () => {
    const Screen = lazyRoute(() => Promise.resolve({ default: () => <h1>Sales</h1> }))
    expect(render(Screen)).toContain('loading')
  })

  it('renders at once, without suspending, once preloaded', async () => {
    let loads = 0
    const Screen = lazyRoute(async () => {
      loads++
      return { default: () => <h1>Sales</h1> }
    })
    await Screen.preload()
    await Screen.preload()
    expect(render(Screen)).toContain('<h1>Sales</h1>')
    expect(render(Screen)).not.toContain('loading')
    expect(loads).toBe(1)
  })
})
