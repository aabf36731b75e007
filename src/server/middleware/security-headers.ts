import type { MiddlewareHandler } from 'hono'
import { isVideoPlayerPage, videoPlayerOrigins, videoPlayerScriptOrigins } from '../../shared/course/video'
import type { Env } from '../env'
import { nodeResponse } from '../node-http'

type HeaderValues = Readonly<Record<string, string>>

/** The headers of every response, and those of a page that shows a hosted lesson video's player. */
export type SecurityHeaders = { everyPage: HeaderValues; videoPlayerPage: HeaderValues }

/**
 * CSP and friends. Scripts only from our origin (no inline script), no frames, uploaded video,
 * posters and captions from our origin (and the S3 endpoint when media is kept there), nothing may
 * frame us. Only a page that can show a Vimeo or YouTube player (`isVideoPlayerPage`) lets those
 * players in as frames (the configured one, and those a lesson's video may name:
 * src/shared/course/video.ts), with YouTube's player API as the one outside script. Made once at
 * start.
 */
export function securityHeaderValues(env: Env): SecurityHeaders {
  const videoOrigins = [...new Set([new URL(env.site.videoEmbedBaseUrl).origin, ...videoPlayerOrigins])].join(' ')
  // Uploaded media is served by the portal, or, with S3, by the bucket the portal redirects to.
  const mediaOrigins = ["'self'", ...(env.s3 ? [new URL(env.s3.endpoint).origin] : [])].join(' ')
  const policy = ({ isVideoPlayerPage }: { isVideoPlayerPage: boolean }) =>
    [
      "default-src 'self'",
      isVideoPlayerPage ? `script-src 'self' ${videoPlayerScriptOrigins.join(' ')}` : "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src ${mediaOrigins} data:`,
      `media-src ${mediaOrigins}`,
      "font-src 'self'",
      "connect-src 'self'",
      isVideoPlayerPage ? `frame-src ${videoOrigins}` : "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ')
  const everyPage = {
    'Content-Security-Policy': policy({ isVideoPlayerPage: false }),
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
  return { everyPage, videoPlayerPage: { ...everyPage, 'Content-Security-Policy': policy({ isVideoPlayerPage: true }) } }
}

/** Adds the security headers to every response: a video player page's, or every page's. */
export function securityHeaders(values: SecurityHeaders): MiddlewareHandler {
  const everyPage = Object.entries(values.everyPage)
  const videoPlayerPage = Object.entries(values.videoPlayerPage)
  return async (c, next) => {
    const entries = isVideoPlayerPage(c.req.path) ? videoPlayerPage : everyPage
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
