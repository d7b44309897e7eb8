import type { IconName } from './icons'

export interface Feature {
  title: string
  description: string
  icon: IconName
}

export interface ChannelStep {
  title: string
  description: string
}

/** The SMS and email service pages share one shape. */
export interface ChannelPage {
  badge: string
  title: string
  lead: string
  image: string
  imageAlt: string
  featuresTitle: string
  features: ReadonlyArray<Feature>
  stepsTitle: string
  steps: ReadonlyArray<ChannelStep>
  ctaTitle: string
  ctaText: string
}

export const smsService: ChannelPage = {
  badge: 'SMS marketing',
  title: 'SMS Automation That Customers Actually Read',
  lead: 'Text messages are opened within minutes. We help you send the right message at the right moment: reminders, offers and two-way conversations that run themselves.',
  image: '/images/services/sms.svg',
  imageAlt: 'A phone showing a two-way text conversation with a booking reminder',
  featuresTitle: 'Everything you need to text at scale',
  features: [
    {
      title: 'Two-way conversations',
      description: 'An AI agent answers replies, books appointments and hands over to your team when a person is needed.',
      icon: 'chat',
    },
    {
      title: 'Reminders and confirmations',
      description: 'Automatic appointment reminders and booking confirmations that cut no-shows.',
      icon: 'calendar',
    },
    {
      title: 'Targeted campaigns',
      description: 'Segment by purchase history, location or interest, and send offers people actually want.',
      icon: 'target',
    },
    {
      title: 'Consent and opt-out built in',
      description: 'Every message includes opt-out handling for STOP, UNSUBSCRIBE and END, and consent is recorded.',
      icon: 'shield',
    },
    {
      title: 'Works with your CRM',
      description: 'Contacts, replies and outcomes sync with HubSpot, Pipedrive, Shopify and more.',
      icon: 'link',
    },
    {
      title: 'Clear reporting',
      description: 'Delivery, reply and conversion rates for every campaign, in one simple dashboard.',
      icon: 'chart',
    },
  ],
  stepsTitle: 'How it works',
  steps: [
    { title: 'Plan', description: 'We agree the messages, audiences and timing that fit your customers.' },
    { title: 'Connect', description: 'We link your CRM or booking system and import contacts with their consent.' },
    { title: 'Automate', description: 'Messages go out on triggers: a booking, a purchase, a quiet month.' },
    { title: 'Improve', description: 'We review replies and results monthly and refine what you send.' },
  ],
  ctaTitle: 'Ready to start texting smarter?',
  ctaText: 'Book a free 15-minute call and we will show you three SMS automations that fit your business.',
}

export const emailService: ChannelPage = {
  badge: 'Email marketing',
  title: 'Email Campaigns That Write, Send and Learn Themselves',
  lead: 'From welcome sequences to win-back campaigns, we build personalised email journeys with AI, so every subscriber gets a message that feels written for them.',
  image: '/images/services/email.svg',
  imageAlt: 'An inbox with a personalised email highlighted among others',
  featuresTitle: 'Email that earns its place in the inbox',
  features: [
    {
      title: 'AI-written, human-approved',
      description: 'Drafts in your brand voice, with an approval step before anything is sent.',
      icon: 'pen',
    },
    {
      title: 'Lifecycle journeys',
      description: 'Welcome, onboarding, re-engagement and review requests, triggered by what customers do.',
      icon: 'sparkles',
    },
    {
      title: 'Personalisation at scale',
      description: 'Content and offers tailored to each subscriber from your CRM and purchase data.',
      icon: 'users',
    },
    {
      title: 'Deliverability first',
      description: 'Authenticated sending domains and clean lists, so your emails land in the inbox.',
      icon: 'inbox',
    },
    {
      title: 'Smart send times',
      description: 'Each email goes out when that subscriber is most likely to open it.',
      icon: 'clock',
    },
    {
      title: 'Revenue reporting',
      description: 'See opens, clicks and the sales each campaign brings in, not just vanity metrics.',
      icon: 'chart',
    },
  ],
  stepsTitle: 'How it works',
  steps: [
    { title: 'Audit', description: 'We review your list, your current emails and what your customers respond to.' },
    { title: 'Design', description: 'We map the journeys and write the first drafts with you.' },
    { title: 'Launch', description: 'Journeys go live, connected to your store, CRM or booking system.' },
    { title: 'Optimise', description: 'A/B tests and monthly reviews keep improving opens and sales.' },
  ],
  ctaTitle: 'Turn your list into revenue',
  ctaText: 'Book a free 15-minute call and we will map the first email journey for your business.',
}
