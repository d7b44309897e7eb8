import type { IconName } from './icons'

export interface IndustrySolution {
  id: string
  title: string
  description: string
  icon: IconName
  outcomes: ReadonlyArray<string>
}

export const useCasesHero = {
  badge: 'Use cases',
  title: 'AI Automation That Works in the Real World',
  lead: 'See how New Zealand businesses use AI to win more leads, publish more content and understand their customers, without adding headcount.',
} as const

/** Industry solutions of /use-cases: sales, content, customer analytics. */
export const industrySolutions: ReadonlyArray<IndustrySolution> = [
  {
    id: 'sales',
    title: 'Sales Automation',
    description:
      'Every enquiry gets an instant, personal reply. AI agents qualify leads, book meetings into your calendar and keep your CRM up to date while your sales team focuses on closing.',
    icon: 'target',
    outcomes: ['Instant replies to web, email and SMS leads', 'Automatic qualification and meeting booking', 'Follow-ups that never slip through the cracks'],
  },
  {
    id: 'content',
    title: 'Content Creation',
    description:
      'Turn one idea into a week of content. We build AI workflows that draft blog posts, newsletters and social captions in your brand voice, ready for a quick human review.',
    icon: 'pen',
    outcomes: ['Drafts in your tone of voice', 'One source repurposed for every channel', 'Approval steps before anything is published'],
  },
  {
    id: 'customer-analytics',
    title: 'Customer Analytics',
    description:
      'Know what your customers want before they tell you. AI reads reviews, support tickets and sales data to surface trends, at-risk accounts and upsell opportunities.',
    icon: 'chart',
    outcomes: ['Sentiment from reviews and tickets', 'Churn and upsell signals', 'Weekly insight reports in plain English'],
  },
]

export interface Stat {
  value: string
  label: string
}

/** The four headline stats (docs/design.md#constants), exactly. */
export const useCaseStats: ReadonlyArray<Stat> = [
  { value: '60%', label: 'lead conversion' },
  { value: '4 hours', label: 'saved daily' },
  { value: '45%', label: 'response time reduction' },
  { value: '3x', label: 'ROI in 6 months' },
]

export interface DemoStep {
  time: string
  actor: string
  text: string
}

/** A walk-through of one automated lead, shown as the demo on /use-cases and /services/automation. */
export const leadDemo = {
  title: 'See an automation at work',
  lead: 'A new enquiry arrives on a Friday evening. Here is what happens next, without anyone on your team lifting a finger.',
  steps: [
    { time: '6:42 pm', actor: 'Website form', text: 'Sarah from a Ponsonby café asks about catering for 40 people.' },
    { time: '6:42 pm', actor: 'AI agent', text: 'Replies by SMS within seconds, answers her menu questions and asks for the date and budget.' },
    { time: '6:45 pm', actor: 'AI agent', text: 'Qualifies the lead, scores it as high intent and creates the deal in your CRM.' },
    { time: '6:46 pm', actor: 'Calendar', text: 'Books a 15-minute call with your events manager for Monday at 10 am.' },
    { time: '8:00 am', actor: 'Team summary', text: 'Monday morning, your team gets a summary of every lead handled over the weekend.' },
  ] satisfies ReadonlyArray<DemoStep>,
} as const
