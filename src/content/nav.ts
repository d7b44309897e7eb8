import type { ScrollTarget } from '../../machines/scrollIntent'

/** Site navigation as data (docs/design.md#pages, header and footer). Components map over it. */

/** A link to a page of the site. */
export interface PageNavItem {
  kind: 'page'
  label: string
  to: '/' | '/about' | '/resources' | '/use-cases' | '/services/sms' | '/services/email' | '/services/automation' | '/docs' | '/faqs' | '/sms-info'
  description?: string
}

/** A home-page section reached through the scroll intent (from any page). */
export interface ScrollNavItem {
  kind: 'scroll'
  label: string
  target: ScrollTarget
  description?: string
}

export type NavItem = PageNavItem | ScrollNavItem

/** The header's desktop navigation, in order; 'Resources' is the dropdown below, placed after Process. */
export const headerNav = {
  before: [
    { kind: 'scroll', label: 'Our Services', target: 'services' },
    { kind: 'scroll', label: 'Process', target: 'process' },
  ],
  after: [{ kind: 'page', label: 'About Us', to: '/about' }],
} as const satisfies { before: ReadonlyArray<NavItem>; after: ReadonlyArray<NavItem> }

export const resourcesMenu = {
  label: 'Resources',
  featured: {
    kind: 'page',
    label: 'Getting Started',
    to: '/resources',
    description: 'New to AI automation? Start with our guides to find the quick wins in your business.',
  },
  learningCenter: {
    heading: 'Learning Center',
    items: [
      { kind: 'page', label: 'Tutorials', to: '/resources', description: 'Step-by-step guides and articles' },
      { kind: 'page', label: 'Case Studies', to: '/services/automation', description: 'Results from real automation projects' },
      { kind: 'scroll', label: 'Pricing', target: 'faq', description: 'What a project costs, answered' },
    ],
  },
} as const satisfies {
  label: string
  featured: PageNavItem
  learningCenter: { heading: string; items: ReadonlyArray<NavItem> }
}

/** The footer's links (docs/design.md#pages footer links), in order. '1:1 Consultation' is external (site.consultationUrl). */
export const footerNav = [
  { kind: 'scroll', label: 'Services', target: 'services' },
  { kind: 'scroll', label: 'Pricing', target: 'faq' },
  { kind: 'page', label: 'About Us', to: '/about' },
  { kind: 'page', label: 'Resources', to: '/resources' },
] as const satisfies ReadonlyArray<NavItem>

export const consultationLabel = '1:1 Consultation'

/** Further pages, so every page of the site is one click from any other. */
export const footerExplore = [
  { kind: 'page', label: 'Use Cases', to: '/use-cases' },
  { kind: 'page', label: 'SMS Marketing', to: '/services/sms' },
  { kind: 'page', label: 'Email Marketing', to: '/services/email' },
  { kind: 'page', label: 'Business Automation', to: '/services/automation' },
  { kind: 'page', label: 'API Docs', to: '/docs' },
  { kind: 'page', label: 'FAQs', to: '/faqs' },
  { kind: 'page', label: 'SMS Notifications', to: '/sms-info' },
] as const satisfies ReadonlyArray<NavItem>
