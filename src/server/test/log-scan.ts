import type { CapturedMail } from './smtp-capture'

/**
 * Shorter values are left out: a six-digit code can occur by chance inside a request id, and
 * none of the secrets below is that short.
 */
const MIN_LENGTH = 8

/** Request and answer fields whose string values are secrets, at any depth. */
const SECRET_FIELD = /password|token|secret|recoveryCodes|backupCodes|totpUri/i

/** Every secret a test has handled, by kind, so a leak says what leaked. */
export class SecretRegistry {
  private readonly secrets = new Map<string, string>()

  add(kind: string, value: string | null | undefined): void {
    if (typeof value === 'string' && value.length >= MIN_LENGTH) this.secrets.set(value, kind)
  }

  /** The string values of a JSON request or answer that sit under a secret's field name. */
  addFromJson(json: unknown, kind: string, underSecretField = false): void {
    if (typeof json === 'string') {
      if (!underSecretField) return
      this.add(kind, json)
      // An otpauth:// URI carries the authenticator's key as its `secret` parameter.
      if (json.startsWith('otpauth://')) this.add('TOTP secret', new URL(json).searchParams.get('secret'))
    } else if (Array.isArray(json)) for (const item of json) this.addFromJson(item, kind, underSecretField)
    else if (json && typeof json === 'object') {
      for (const [key, value] of Object.entries(json)) this.addFromJson(value, `${kind} ${key}`, underSecretField || SECRET_FIELD.test(key))
    }
  }

  /** A Set-Cookie or Cookie value (the signed session token among them). */
  addCookie(value: string): void {
    this.add('cookie value', value)
    // The signed value is `token.signature`, URL-encoded: the token alone must not leak either.
    const decoded = decodeURIComponent(value)
    this.add('cookie value', decoded)
    this.add('session token', decoded.split('.')[0])
  }

  /** What an e-mail hands its reader: a temporary password, a link's token. */
  addFromMail(mail: CapturedMail): void {
    this.add('temporary password', /Temporary password: (\S+)/.exec(mail.text)?.[1])
    for (const [, token] of mail.text.matchAll(/[?&]token=([^&\s]+)/g)) this.add('e-mailed token', token)
  }

  /** Each secret found in the lines, with its kind; none is the expected answer. */
  findIn(lines: readonly string[]): { kind: string; line: string }[] {
    const leaks: { kind: string; line: string }[] = []
    for (const line of lines) {
      // As written, or as JSON escapes it inside a log line.
      for (const [value, kind] of this.secrets) {
        if (line.includes(value) || line.includes(JSON.stringify(value).slice(1, -1))) leaks.push({ kind, line })
      }
    }
    return leaks
  }
}
