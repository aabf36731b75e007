import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type RouteModule = { default: ComponentType }

export type LazyRoute = LazyExoticComponent<ComponentType> & {
  /** Loads the screen's chunk; once it has resolved, the screen renders without suspending. */
  preload: () => Promise<void>
}

/**
 * React.lazy that can be loaded ahead of rendering. A prerendered page must hydrate with its
 * screen already present: a lazy screen that suspends during hydration would not match the
 * HTML. Once loaded, the factory hands React a thenable that resolves synchronously, which
 * React.lazy takes as already resolved.
 */
export function lazyRoute(load: () => Promise<RouteModule>): LazyRoute {
  let loaded: RouteModule | undefined
  let loading: Promise<void> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module
    }))
  const Screen = lazy(() => {
    if (!loaded) return preload().then(() => loaded!)
    const module = loaded
    const resolved: PromiseLike<RouteModule> = {
      then: (onFulfilled) => {
        onFulfilled?.(module)
        return resolved as never
      },
    }
    // React.lazy only calls then(); its types ask for a full Promise.
    return resolved as Promise<RouteModule>
  })
  return Object.assign(Screen, { preload })
}
