import { describe, expect, it } from 'vitest'
import { loadEnv } from '../env'
import { securityHeaderValues } from './security-headers'

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))

describe('the content security policy for media', () => {
  it('allows media and posters from the portal only, or also from the S3 endpoint when media is kept there', () => {
    const local = securityHeaderValues(loadEnv({ NODE_ENV: 'test' })).everyPage['Content-Security-Policy']!
    expect(directive(local, 'media-src')).toBe("media-src 'self'")
    expect(directive(local, 'img-src')).toBe("img-src 'self' data:")

    const s3 = loadEnv({
      NODE_ENV: 'test',
      S3_ENDPOINT: 'https://objects.example.com:9000/ignored/path',
      S3_BUCKET: 'course-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    })
    const withS3 = securityHeaderValues(s3).everyPage['Content-Security-Policy']!
    expect(directive(withS3, 'media-src')).toBe("media-src 'self' https://objects.example.com:9000")
    expect(directive(withS3, 'img-src')).toBe("img-src 'self' https://objects.example.com:9000 data:")
  })

  it('refuses half an S3 configuration, naming what is missing', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', S3_BUCKET: 'course-media' })).toThrow(/S3_ENDPOINT: required when any S3_ variable is set/)
    expect(() => loadEnv({ NODE_ENV: 'test', MEDIA_MAX_BYTES: 'lots' })).toThrow(/MEDIA_MAX_BYTES: must be a whole number/)
  })
})
