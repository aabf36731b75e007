import { secureHeaders } from 'hono/secure-headers'
import type { Env } from '../env'

/**
 * CSP and friends on every response. Scripts only from our origin (no inline script), the
 * video player host only as a frame, nothing may frame us.
 */
export function securityHeaders(env: Env) {
  const videoOrigin = new URL(env.site.videoEmbedBaseUrl).origin
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: [videoOrigin],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: env.publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
  })
}
