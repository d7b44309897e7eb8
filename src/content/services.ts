import type { IconName } from './icons'

/** A service card (docs/design.md#data): title, description, image. */
export interface ServiceCard {
  id: string
  title: string
  description: string
  image: string
  imageAlt: string
  icon: IconName
  /** What the service includes, shown as a short checklist. */
  includes: ReadonlyArray<string>
}

/** The three services of the home page. */
export const homeServices: ReadonlyArray<ServiceCard> = [
  {
    id: 'consulting',
    title: 'AI Consulting',
    description:
      'We map how work really flows through your business, find the tasks AI can take over safely, and give you a clear, costed roadmap you can act on straight away.',
    image: '/images/services/consulting.svg',
    imageAlt: 'A roadmap with three milestones leading to an AI chip',
    icon: 'map',
    includes: ['Workflow and data audit', 'Prioritised automation roadmap', 'Tool and vendor advice'],
  },
  {
    id: 'automation',
    title: 'Workflow Automation',
    description:
      'We connect the tools you already use, from your CRM and inbox to Xero and Shopify, so leads, invoices and follow-ups move on their own instead of waiting on someone.',
    image: '/images/services/automation.svg',
    imageAlt: 'Three connected app tiles passing a task along an automated line',
    icon: 'bolt',
    includes: ['CRM, email and SMS workflows', 'AI agents for inbound enquiries', 'Monitoring and alerts'],
  },
  {
    id: 'custom-development',
    title: 'Custom Development',
    description:
      'When off-the-shelf tools fall short, we design and build AI software around your process: voice agents, chatbots trained on your knowledge, and internal dashboards.',
    image: '/images/services/custom-development.svg',
    imageAlt: 'A code editor window beside a chat bubble from an AI assistant',
    icon: 'code',
    includes: ['Voice and chat agents', 'Integrations and APIs', 'Dashboards and internal tools'],
  },
]

export const homeHero = {
  badge: 'Helping businesses implement AI',
  title: 'Building Automations to 10X Business',
  lead: 'Kiwi Automate is an AI-automation agency in Auckland. We design, build and look after the automations that take repetitive work off your team, so you can spend your hours on clients and growth.',
  tagline: 'Less admin. Faster replies. More time for the work that grows your business.',
  trust: ['Free 15-minute call', 'Fixed-price proposals', 'Based in Auckland, working NZ-wide'],
} as const
