import type { MiddlewareHandler } from 'hono'
import { videoPlayerOrigins, videoPlayerScriptOrigins } from '../../shared/course/video'
import type { Env } from '../env'
import { nodeResponse } from '../node-http'

export type SecurityHeaders = Readonly<Record<string, string>>

/**
 * CSP and friends, the same on every response. Scripts only from our origin (no inline script),
 * the video players only as frames (the configured one, and those a lesson's video may name:
 * src/shared/course/video.ts) and YouTube's player API as the one outside script, uploaded
 * video, posters and captions from our origin (and the S3 endpoint when media is kept there),
 * nothing may frame us. Made once at start.
 */
export function securityHeaderValues(env: Env): SecurityHeaders {
  const videoOrigins = [...new Set([new URL(env.site.videoEmbedBaseUrl).origin, ...videoPlayerOrigins])].join(' ')
  // Uploaded media is served by the portal, or, with S3, by the bucket the portal redirects to.
  const mediaOrigins = ["'self'", ...(env.s3 ? [new URL(env.s3.endpoint).origin] : [])].join(' ')
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' ${videoPlayerScriptOrigins.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${mediaOrigins} data:`,
    `media-src ${mediaOrigins}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${videoOrigins}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(env.isHttps && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  }
}

/** Adds the security headers to every response. */
export function securityHeaders(values: SecurityHeaders): MiddlewareHandler {
  const entries = Object.entries(values)
  return async (c, next) => {
    const outgoing = nodeResponse(c)
    if (outgoing) {
      // Set on Node's response before anything answers, so the response Hono builds keeps its
      // plain header object, which @hono/node-server writes as it is (docs/performance.md).
      for (const [name, value] of entries) outgoing.setHeader(name, value)
      return next()
    }
    await next()
    for (const [name, value] of entries) c.res.headers.set(name, value)
  }
}
