/**
 * A browser and operating system in words, from a User-Agent header: enough for a person to
 * recognise their own devices in the session list (docs/decisions/0085-session-list.md). Only the
 * common browsers and systems are named; anything else is "Unknown browser" or left out. The
 * order of the checks matters: Edge and Opera also say "Chrome", Chrome also says "Safari", an
 * iPhone also says "Mac OS X", and Android also says "Linux".
 */
const BROWSERS: [pattern: RegExp, name: string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: [pattern: RegExp, name: string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const firstMatch = (text: string, list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(text))?.[1] ?? null

export type Device = { browser: string | null; system: string | null }

export function parseUserAgent(userAgent: string | null | undefined): Device {
  const text = userAgent ?? ''
  return { browser: firstMatch(text, BROWSERS), system: firstMatch(text, SYSTEMS) }
}

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "Unknown browser on Linux", "Unknown browser". */
export function describeDevice(userAgent: string | null | undefined): string {
  const { browser, system } = parseUserAgent(userAgent)
  const name = browser ?? 'Unknown browser'
  return system ? `${name} on ${system}` : name
}
