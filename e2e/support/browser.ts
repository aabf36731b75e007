import fs from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const hasChromium = () => fs.existsSync(CHROMIUM_PATH)

/** The flags Chromium runs with here, in tests and in the benchmarks (bench/figures/6-pages.ts). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/** React has taken over the page's <h1>, prerendered or rendered by the server (it carries React's internal keys once hydrated). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1')
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))
  })
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs axe-core in the page and fails with the list of violations, if any. It waits for the page's
 * transitions first (a toast fading in has, for a moment, too little contrast to pass), not for
 * endless animations such as a spinner's.
 */
export async function expectNoAxeViolations(page: Page, context = 'page') {
  await page.evaluate(async () => {
    // Two frames, so an element just shown has begun its transition.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  // Evaluated over the DevTools protocol, so the page's CSP (no inline scripts) does not block it.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  })
  expect(violations, `axe violations on ${context}`).toEqual([])
}
