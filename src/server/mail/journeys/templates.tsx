import { Button } from '@react-email/button'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import type { ReactElement } from 'react'
import type { EmailKind } from '../../../shared/schemas/emails'
import { button, JourneyLayout, paragraph } from './layout'

/** What every journey e-mail has: the course, the greeting's name and the learner's own links. */
export type Common = {
  courseName: string
  tagline: string
  /** The learner's name, or '' (then the greeting has none). */
  name: string
  links?: { unsubscribeUrl: string; preferencesUrl: string }
}

export type NudgeData = Common & {
  daysInactive: number
  /** An admin's "Send a reminder now" rather than the cadence. */
  isManual: boolean
  moduleNumber: number
  moduleTitle: string
  moduleMinutes: number
  completedCount: number
  totalModules: number
  percent: number
  moduleUrl: string
}
export type ModuleOpenData = Common & { moduleNumber: number; moduleTitle: string; moduleMinutes: number; moduleUrl: string }
export type CompletionData = Common & { verifyUrl: string; completionUrl: string }
export type RenewalData = Common & { expiresOn: string; checkCount: number; completionUrl: string }
export type DigestData = Common & {
  newLearners: number
  completions: number
  stalled: { name: string; email: string; days: number }[]
  stalledTotal: number
  insightsUrl: string
}

export type JourneyTemplate = { subject: string; element: ReactElement }

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,')
const unsubscribeLabel: Record<EmailKind, string> = {
  nudge: 'Stop these reminders',
  module_open: 'Stop module announcements',
  completion: 'Stop completion e-mails',
  renewal: 'Stop renewal reminders',
  digest: 'Stop the weekly summary',
}
const linksFor = (common: Common, kind: EmailKind) => (common.links ? { ...common.links, unsubscribeLabel: unsubscribeLabel[kind] } : undefined)
const minutes = (count: number) => (count === 1 ? '1 minute' : `${count} minutes`)

export function nudgeTemplate(data: NudgeData): JourneyTemplate {
  const where = data.completedCount === 0 ? 'Module 1 is waiting for you.' : `You stopped at module ${data.moduleNumber}.`
  return {
    subject: `Pick up where you left off — ${data.courseName}`,
    element: (
      <JourneyLayout
        courseName={data.courseName}
        tagline={data.tagline}
        preview={`Module ${data.moduleNumber}: ${data.moduleTitle} takes about ${minutes(data.moduleMinutes)}.`}
        reason={
          data.isManual
            ? 'You are receiving this because the course team sent you a reminder.'
            : `You are receiving this because you have not opened the course for ${data.daysInactive} days.`
        }
        links={linksFor(data, 'nudge')}
      >
        <Text style={paragraph}>{hello(data.name)}</Text>
        <Text style={paragraph}>
          {where} You have completed {data.completedCount} of {data.totalModules} modules ({data.percent}%).
        </Text>
        <Text style={paragraph}>
          Next: module {data.moduleNumber}, {data.moduleTitle}. It takes about {minutes(data.moduleMinutes)}.
        </Text>
        <Button href={data.moduleUrl} style={button}>
          Continue with module {data.moduleNumber}
        </Button>
      </JourneyLayout>
    ),
  }
}

export function moduleOpenTemplate(data: ModuleOpenData): JourneyTemplate {
  return {
    subject: `Module ${data.moduleNumber} is open — ${data.courseName}`,
    element: (
      <JourneyLayout
        courseName={data.courseName}
        tagline={data.tagline}
        preview={`${data.moduleTitle} is open now.`}
        reason={`You are receiving this because module ${data.moduleNumber} has just opened for you.`}
        links={linksFor(data, 'module_open')}
      >
        <Text style={paragraph}>{hello(data.name)}</Text>
        <Text style={paragraph}>
          Module {data.moduleNumber}, {data.moduleTitle}, is open now. It takes about {minutes(data.moduleMinutes)}.
        </Text>
        <Button href={data.moduleUrl} style={button}>
          Start module {data.moduleNumber}
        </Button>
      </JourneyLayout>
    ),
  }
}

export function completionTemplate(data: CompletionData): JourneyTemplate {
  return {
    subject: `Congratulations, you completed the course — ${data.courseName}`,
    element: (
      <JourneyLayout
        courseName={data.courseName}
        tagline={data.tagline}
        preview="Your certificate is attached."
        reason="You are receiving this because you completed every module of the course."
        links={linksFor(data, 'completion')}
      >
        <Text style={paragraph}>{hello(data.name)}</Text>
        <Text style={paragraph}>Congratulations: you completed every module. Your certificate of completion is attached as a PDF.</Text>
        <Text style={paragraph}>
          Anyone can check it is genuine at its verify page: <Link href={data.verifyUrl}>{data.verifyUrl}</Link>
        </Text>
        <Button href={data.completionUrl} style={button}>
          See your certificate
        </Button>
      </JourneyLayout>
    ),
  }
}

export function renewalTemplate(data: RenewalData): JourneyTemplate {
  const checks = data.checkCount === 1 ? 'the knowledge check' : `the ${data.checkCount} knowledge checks`
  return {
    subject: `Your certificate expires on ${data.expiresOn} — ${data.courseName}`,
    element: (
      <JourneyLayout
        courseName={data.courseName}
        tagline={data.tagline}
        preview={`Renew it by ${data.expiresOn}.`}
        reason="You are receiving this because your certificate of completion expires within 30 days."
        links={linksFor(data, 'renewal')}
      >
        <Text style={paragraph}>{hello(data.name)}</Text>
        <Text style={paragraph}>
          Your certificate of completion expires on {data.expiresOn}.{' '}
          {data.checkCount > 0 ? `To renew it, pass ${checks} of the course again.` : 'You can renew it from the course’s Completion page.'} You get a new
          certificate, valid from the day you renew.
        </Text>
        <Button href={data.completionUrl} style={button}>
          Renew your certificate
        </Button>
      </JourneyLayout>
    ),
  }
}

export function digestTemplate(data: DigestData): JourneyTemplate {
  return {
    subject: `Your week in the course — ${data.courseName}`,
    element: (
      <JourneyLayout
        courseName={data.courseName}
        tagline={data.tagline}
        preview={`${data.newLearners} new learners, ${data.completions} completions this week.`}
        reason="You are receiving this because you are an admin of the portal and the weekly summary is on."
        links={linksFor(data, 'digest')}
      >
        <Text style={paragraph}>{hello(data.name)}</Text>
        <Text style={paragraph}>
          In the last 7 days: {data.newLearners} new learners, {data.completions} completed the course.
        </Text>
        <Text style={paragraph}>{data.stalledTotal} learners have not been active for 14 days or more.</Text>
        {data.stalled.map((learner) => (
          <Text key={learner.email} style={{ ...paragraph, margin: '0 0 4px' }}>
            {learner.name || learner.email} ({learner.email}): {learner.days} days
          </Text>
        ))}
        <Button href={data.insightsUrl} style={button}>
          Open Insights
        </Button>
      </JourneyLayout>
    ),
  }
}
