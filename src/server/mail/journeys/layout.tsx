// Each component from its own package: the umbrella @react-email/components also loads Tailwind,
// Markdown and a code highlighter no e-mail here uses (14 MB of a running server's memory: docs/decisions/0107).
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'

// Inline styles and a single 600 px column: what Outlook and Gmail both render alike.
const body = { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2933', margin: 0, padding: '24px 0' }
const container = { backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px', borderRadius: '6px' }
const course = { fontSize: '14px', fontWeight: 'bold', color: '#1e3a5f', margin: '0 0 16px' }
const small = { fontSize: '13px', lineHeight: '20px', color: '#52606d', margin: '8px 0' }

export const paragraph = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
export const button = {
  backgroundColor: '#1e3a5f',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '4px',
  fontWeight: 'bold',
  textDecoration: 'none',
  display: 'inline-block',
}

type LayoutProps = {
  courseName: string
  tagline: string
  preview: string
  /** The one line that says why this e-mail was sent. */
  reason: string
  /** The learner's own links (an account e-mail has none). */
  links?: { unsubscribeUrl: string; preferencesUrl: string; unsubscribeLabel: string }
  children: ReactNode
}

export function JourneyLayout({ courseName, tagline, preview, reason, links, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={course}>{courseName}</Text>
          {children}
          <Hr />
          <Section>
            <Text style={small}>{reason}</Text>
            {links ? (
              <Text style={small}>
                <Link href={links.preferencesUrl}>Choose which e-mails you get</Link>
                {' · '}
                <Link href={links.unsubscribeUrl}>{links.unsubscribeLabel}</Link>
              </Text>
            ) : null}
            <Text style={small}>— {tagline}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
