import type { LinkProps } from '@tanstack/react-router'

/** Case study (docs/design.md#data): client, problem, solution, result, image. */
export interface CaseStudy {
  client: string
  industry: string
  problem: string
  solution: string
  result: string
  image: string
  imageAlt: string
}

/** Service card with a call to action, on /services/automation (docs/design.md#data). */
export interface ActionServiceCard {
  title: string
  description: string
  image: string
  imageAlt: string
  ctaLabel: string
  /** A path of this site. */
  ctaLink: NonNullable<LinkProps['to']>
}

export const automationHero = {
  badge: 'Business process automation',
  title: 'Automate the Work That Slows Your Team Down',
  lead: 'AI agents and connected workflows that handle enquiries, data entry, follow-ups and reporting around the clock, with 24/7 priority support on every plan.',
} as const

export const caseStudies: ReadonlyArray<CaseStudy> = [
  {
    client: 'Harbourside Dental',
    industry: 'Healthcare, Auckland',
    problem: 'Reception spent three hours a day on the phone confirming appointments, and one in ten patients did not turn up.',
    solution: 'An AI voice and SMS agent that confirms, reschedules and fills cancellations from a waitlist, synced with their practice software.',
    result: 'No-shows fell by 38% and reception got back 15 hours a week.',
    image: '/images/case-studies/dental.svg',
    imageAlt: 'A calendar with confirmed appointments and a tooth icon',
  },
  {
    client: 'Southern Build Co.',
    industry: 'Construction, Christchurch',
    problem: 'Quotes took up to a week to go out, and leads went cold while estimators were busy on site.',
    solution: 'A quoting workflow that turns site photos and notes into a draft quote in Xero, plus automatic follow-ups.',
    result: 'Quotes now go out within 24 hours, and won jobs rose by 27% in one quarter.',
    image: '/images/case-studies/construction.svg',
    imageAlt: 'A building outline beside a quote document with a tick',
  },
  {
    client: 'Tui & Fern',
    industry: 'Online retail, Wellington',
    problem: 'Customer emails piled up during sales, and the small team could not answer order questions fast enough.',
    solution: 'An AI support agent trained on their products and policies, connected to Shopify for live order status.',
    result: '70% of enquiries are answered instantly, and average response time dropped from 9 hours to 4 minutes.',
    image: '/images/case-studies/retail.svg',
    imageAlt: 'A shopping bag with a chat bubble showing an instant reply',
  },
]

export const automationServiceCards: ReadonlyArray<ActionServiceCard> = [
  {
    title: 'SMS Automation',
    description: 'Reminders, confirmations and two-way text conversations that run on their own.',
    image: '/images/services/sms.svg',
    imageAlt: 'A phone with a text conversation',
    ctaLabel: 'Explore SMS',
    ctaLink: '/services/sms',
  },
  {
    title: 'Email Automation',
    description: 'Personalised journeys and campaigns written with AI and sent at the right moment.',
    image: '/images/services/email.svg',
    imageAlt: 'An inbox with a highlighted email',
    ctaLabel: 'Explore Email',
    ctaLink: '/services/email',
  },
  {
    title: 'Developer API',
    description: 'Send messages and receive events from your own systems with our REST API and webhooks.',
    image: '/images/services/custom-development.svg',
    imageAlt: 'A code editor beside a chat bubble',
    ctaLabel: 'Read the API docs',
    ctaLink: '/docs',
  },
]

/** Monthly automation plans (docs/design.md#constants: Starter 99, Growth 249, custom enterprise; 24/7 priority support). */
export interface Plan {
  name: string
  price: string
  period: string
  description: string
  features: ReadonlyArray<string>
  highlighted: boolean
}

export const plans: ReadonlyArray<Plan> = [
  {
    name: 'Starter',
    price: '$99',
    period: 'a month',
    description: 'For small teams automating their first workflows.',
    features: ['Up to 3 automated workflows', 'SMS and email automation', '24/7 priority support'],
    highlighted: false,
  },
  {
    name: 'Growth',
    price: '$249',
    period: 'a month',
    description: 'For growing businesses ready to put AI agents to work.',
    features: ['Unlimited workflows', 'AI chat and voice agents', 'Monthly results report', '24/7 priority support'],
    highlighted: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    period: 'pricing',
    description: 'For larger teams with high volumes and custom integrations.',
    features: ['Custom integrations and SLAs', 'Dedicated automation engineer', 'Security review and onboarding', '24/7 priority support'],
    highlighted: false,
  },
]
