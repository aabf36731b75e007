/** An answer as a browser's script sees it: the status and the parsed JSON body (if any). */
export type HttpAnswer = { status: number; json: any; text: string; headers: Headers }

/**
 * A browser-like client of a real server process: one cookie jar, the portal's own origin on
 * every request (the same-origin check), JSON bodies. A request the server cannot answer at all
 * (connection refused or reset) rejects, as fetch does.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>()

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        origin: this.baseUrl,
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, json, text, headers: response.headers }
  }

  get = (path: string) => this.request('GET', path)

  async signIn(email: string, password: string): Promise<HttpAnswer> {
    return this.request('POST', '/api/auth/sign-in/email', { email, password })
  }
}
