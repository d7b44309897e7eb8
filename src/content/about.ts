import type { IconName } from './icons'

export const aboutHero = {
  badge: 'About Kiwi Automate',
  title: 'We Help Kiwi Businesses Work Smarter with AI',
  lead: 'We are a small team of engineers and operators in Auckland who believe every business, not just the big ones, should get the benefit of AI.',
} as const

export const mission = {
  title: 'Our Mission',
  text: 'To give small and medium businesses the same automation advantages as large enterprises: practical AI that saves real hours, built and supported by people who pick up the phone.',
} as const

export const vision = {
  title: 'Our Vision',
  text: 'A New Zealand where no one spends their evening on data entry, every customer gets a fast answer, and teams spend their time on the creative, human work that grows a business.',
} as const

/** Timeline entry (docs/design.md#data): year, title, description. 2022 to 2024. */
export interface TimelineEntry {
  year: string
  title: string
  description: string
}

export const timeline: ReadonlyArray<TimelineEntry> = [
  {
    year: '2022',
    title: 'Founded in Auckland',
    description:
      'Kiwi Automate started with three people and one idea: help local businesses stop drowning in admin. Our first projects automated quoting and invoicing for trades companies.',
  },
  {
    year: '2023',
    title: 'AI agents and 50 clients',
    description:
      'We added AI chat and voice agents to our services, grew the team to ten and passed 50 clients across hospitality, real estate, professional services and retail.',
  },
  {
    year: '2024',
    title: 'Automation plans and NZ-wide reach',
    description:
      'We launched monthly automation plans with 24/7 priority support, opened our SMS and email marketing tools, and now work with businesses from Whangārei to Invercargill.',
  },
]

export interface Value {
  title: string
  description: string
  icon: IconName
}

export const values: ReadonlyArray<Value> = [
  {
    title: 'Results over hype',
    description: 'We only recommend AI where it pays for itself, and we measure the hours and dollars it saves.',
    icon: 'target',
  },
  {
    title: 'Plain English',
    description: 'No jargon and no black boxes. You always know what an automation does and why.',
    icon: 'chat',
  },
  {
    title: 'Privacy by design',
    description: 'Your data stays yours. We follow the Privacy Act 2020 and give each system only the access it needs.',
    icon: 'shield',
  },
  {
    title: 'Partners for the long run',
    description: 'We stay after launch, look after what we build and improve it as your business changes.',
    icon: 'heart',
  },
]

export const reasons: ReadonlyArray<Value> = [
  {
    title: 'Local and reachable',
    description: 'An Auckland team in your time zone, available for a coffee or a call when you need us.',
    icon: 'globe',
  },
  {
    title: 'Fixed-price proposals',
    description: 'You know the full cost before we start. No surprise invoices and no hourly creep.',
    icon: 'check',
  },
  {
    title: 'Fast time to value',
    description: 'Most first automations go live within two weeks, so you see a return in the first month.',
    icon: 'clock',
  },
  {
    title: 'End-to-end delivery',
    description: 'Strategy, build, integration, training and support from one team, with one point of contact.',
    icon: 'users',
  },
]
