import type { CreateTypes } from 'canvas-confetti'

let cannon: Promise<CreateTypes> | undefined

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * canvas-confetti, loaded on first use. Its default instance draws in a blob: worker, which the
 * CSP (scripts from our origin only) refuses, so draw on the main thread, on a canvas of our
 * own that assistive technology skips (it is decoration).
 */
function loadCannon(): Promise<CreateTypes> {
  cannon ??= import('canvas-confetti').then(({ default: confetti }) => {
    const canvas = document.createElement('canvas')
    canvas.setAttribute('aria-hidden', 'true')
    canvas.dataset.confetti = ''
    Object.assign(canvas.style, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
      zIndex: '100',
    })
    document.body.append(canvas)
    return confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true })
  })
  return cannon
}

/** The burst when a module is marked complete (docs/spec.md §9). */
export async function celebrateModule(): Promise<void> {
  if (prefersReducedMotion()) return
  const fire = await loadCannon()
  void fire({ particleCount: 100, spread: 70, origin: { y: 0.6 } })
}

/** Confetti on the Completion page, for the time docs/spec.md §9 gives. Returns a stop for unmounting. */
export function celebrateCourse(durationMs = 3000): () => void {
  if (prefersReducedMotion()) return () => {}
  let isStopped = false
  const end = Date.now() + durationMs
  void loadCannon().then((fire) => {
    const frame = () => {
      if (isStopped) return
      void fire({ particleCount: 3, angle: 60, spread: 55, origin: { x: 0, y: 0.7 } })
      void fire({ particleCount: 3, angle: 120, spread: 55, origin: { x: 1, y: 0.7 } })
      if (Date.now() < end) requestAnimationFrame(frame)
    }
    frame()
  })
  return () => {
    isStopped = true
  }
}
