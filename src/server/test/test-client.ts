import type { createApp } from '../app'
import { secrets } from './harness-log'

export const PUBLIC_URL = 'http://localhost:3000'

type RequestInit = { headers?: Record<string, string>; body?: unknown; rawBody?: string | Uint8Array<ArrayBuffer> }

/** An API client with its own cookie jar, sending the portal's Origin like a browser would. */
export class TestClient {
  readonly cookies = new Map<string, string>()

  constructor(private readonly app: ReturnType<typeof createApp>) {}

  async request(method: string, url: string, init: RequestInit = {}) {
    const headers: Record<string, string> = { origin: PUBLIC_URL, ...init.headers }
    if (this.cookies.size > 0 && !('cookie' in headers)) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined = init.rawBody
    secrets.addFromJson(init.body, 'request')
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await this.app.request(url, { method, headers, body })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const eqAt = pair.indexOf('=')
      const name = pair.slice(0, eqAt).trim()
      secrets.addCookie(pair.slice(eqAt + 1))
      const isExpired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(eqAt + 1) === ''
      if (isExpired) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eqAt + 1))
    }
    const text = await response.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    secrets.addFromJson(json, 'answer')
    return { status: response.status, headers: response.headers, json, text }
  }

  get = (url: string, init?: RequestInit) => this.request('GET', url, init)
  post = (url: string, body?: unknown, init?: RequestInit) => this.request('POST', url, { ...init, body })
  put = (url: string, body?: unknown, init?: RequestInit) => this.request('PUT', url, { ...init, body })
  patch = (url: string, body?: unknown, init?: RequestInit) => this.request('PATCH', url, { ...init, body })
  delete = (url: string, init?: RequestInit) => this.request('DELETE', url, init)
}
