import {
  BookOpen,
  Clock,
  Headset,
  Infinity as InfinityIcon,
  LifeBuoy,
  ListChecks,
  Target,
  type LucideIcon,
} from 'lucide-react'
import type { CourseFacts } from '../../../shared/course/facts'
import { formatPrice } from '../../../shared/price'
import { siteConfig } from '../../lib/site-config'

/**
 * The public pages' copy. Names, prices and links come from the site config; counts from the
 * published course's facts, which the server gives the page (lib/course-facts.tsx).
 */

export const price = formatPrice(siteConfig.priceUsd)
const modulesLabel = ({ moduleCount }: CourseFacts) => `${moduleCount} Comprehensive Modules`

export const salesHeadline = 'Transform Your Mortgage Business With Our Custom Client Journey System'

export const salesTitle = `${siteConfig.courseName} - ${price} - ${siteConfig.tagline}`
export const salesDescription = ({ moduleCount }: CourseFacts) =>
  `${siteConfig.courseName}: ${moduleCount} self-paced video modules that teach mortgage brokers to run ` +
  `every client journey in their CRM. One-time ${price}, lifetime access. ${siteConfig.tagline}.`

export const welcomeDescription = ({ moduleCount }: CourseFacts) =>
  `Start the ${siteConfig.courseName}: ${moduleCount} short video modules with step-by-step guides ` +
  `that take you from your first login to a monthly newsletter.`

export type Feature = { icon: LucideIcon; title: string; description: string }

export const salesFeatures = (facts: CourseFacts): readonly Feature[] => [
  {
    icon: BookOpen,
    title: modulesLabel(facts),
    description: 'Short video lessons and written guides covering every part of the CRM you use day to day.',
  },
  {
    icon: Target,
    title: 'Proven Strategies',
    description: 'Workflows used by working mortgage brokers, from the first enquiry to the funded deal and beyond.',
  },
  {
    icon: Headset,
    title: 'Onboarding Support',
    description: 'Help setting up your e-mail, boards and templates, so the system fits your business from day one.',
  },
  {
    icon: InfinityIcon,
    title: 'Lifetime Access',
    description: 'Pay once and keep the course, including every update we make to it.',
  },
  {
    icon: Clock,
    title: 'Self-Paced Learning',
    description: `${facts.totalMinutes} minutes in total. Learn when it suits you and pick up where you left off.`,
  },
]

export const salesBenefits: readonly string[] = [
  'Capture every lead and know exactly where each client stands',
  'Never miss a follow-up, with tasks, due dates and checklists',
  'See every live deal from application to funding on one dashboard',
  'Let automations handle the repetitive steps of your client journey',
  'Stay front of mind with a monthly newsletter to your whole database',
  'Spend less time on admin and more time with your clients',
]

export const priceInclusions = ({ moduleCount }: CourseFacts): readonly string[] => [
  `All ${moduleCount} video modules with step-by-step guides`,
  'Onboarding support from our team',
  'Lifetime access, including future updates',
  'Certificate of completion',
]

export type PurchaseStep = { title: string; description: string; link?: { href: string; label: string } }

/** The six purchase steps of docs/spec.md §2 (Sales page), in its order. */
export const purchaseSteps: readonly PurchaseStep[] = [
  {
    title: 'Log in to your CRM',
    description: 'Sign in to your CRM account as you do every day.',
    link: { href: siteConfig.crmLoginUrl, label: 'Open the CRM login' },
  },
  {
    title: 'Click your initials',
    description: 'Click the circle with your initials at the top right of the screen.',
  },
  {
    title: 'Choose Marketplace',
    description: 'Choose Marketplace from the menu that opens.',
    link: { href: siteConfig.crmMarketplaceUrl, label: 'Go to the marketplace' },
  },
  {
    title: 'Find the course listing',
    description: `Find the ${siteConfig.courseName} (${siteConfig.tagline}) listing.`,
  },
  {
    title: 'Click the link and pay',
    description: `Click the listing's purchase link and pay the one-time ${price}.`,
  },
  {
    title: 'Receive your login details',
    description: 'Your course login details arrive by e-mail. Sign in and start your first module.',
  },
]

export const welcomeCards = (facts: CourseFacts): readonly Feature[] => [
  {
    icon: BookOpen,
    title: modulesLabel(facts),
    description: `From your first login to your monthly newsletter: ${facts.totalMinutes} minutes of focused video lessons.`,
  },
  {
    icon: ListChecks,
    title: 'Step-by-Step Guidance',
    description: 'Every lesson comes with a written guide, pro tips and an action step to apply it straight away.',
  },
  {
    icon: LifeBuoy,
    title: 'Expert Support',
    description: 'Questions along the way? Our team of CRM specialists is one e-mail away.',
  },
]
