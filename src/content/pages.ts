import type { FileRoutesByFullPath } from '../routeTree.gen'
import { articles } from './articles'

export interface PageHead {
  title: string
  description: string
}

/** The head of one page of a route with params, and the params that make its path. */
export interface ParamPageHead extends PageHead {
  params: Readonly<Record<string, string>>
}

/**
 * A page made in the browser: a route with a param (the manage page), one shell prerendered without data and
 * served for every value (core/shellPages.ts); or a route without one whose content is only ever fetched in
 * the browser (the desk), prerendered empty at its own path. Never in the sitemap, never indexed.
 */
export interface ShellHead extends PageHead {
  shell: true
}

type RoutePath = keyof FileRoutesByFullPath
/** A route with params ($slug) serves one page per value, each with its own head, or one shell for all. */
type RouteHead<P extends string> = P extends `${string}$${string}` ? ReadonlyArray<ParamPageHead> | ShellHead : PageHead | ShellHead

/**
 * Title and description of every route, by the router's path for it ('/articles/$slug'). Typed from the
 * generated route tree, and checked again by the build, which stops on a route without one.
 */
export const routeHeads: { readonly [P in RoutePath]: RouteHead<P> } = {
  '/': {
    title: 'Kiwi Automate | AI Automation Agency in Auckland',
    description:
      'We help New Zealand businesses implement AI: consulting, workflow automation and custom development. Book a free 15-minute call.',
  },
  '/use-cases': {
    title: 'AI Use Cases for Sales, Content and Analytics | Kiwi Automate',
    description:
      'How businesses use AI automation for sales, content and customer analytics: 60% more lead conversion and 4 hours saved every day.',
  },
  '/resources': {
    title: 'Resources and Guides on AI Automation | Kiwi Automate',
    description: 'Articles, tutorials and case studies on putting AI to work in your business, from the Kiwi Automate team.',
  },
  '/about': {
    title: 'About Us | Kiwi Automate, Auckland',
    description: 'Our mission, our story since 2022 and the values behind every automation we build for New Zealand businesses.',
  },
  '/services/sms': {
    title: 'SMS Marketing Automation | Kiwi Automate',
    description: 'Two-way SMS campaigns, reminders and follow-ups that run themselves, with consent and opt-out handled for you.',
  },
  '/services/email': {
    title: 'Email Marketing Automation | Kiwi Automate',
    description: 'Personalised email sequences, newsletters and lifecycle campaigns written and sent with AI, measured end to end.',
  },
  '/services/automation': {
    title: 'Business Process Automation | Kiwi Automate',
    description:
      'AI agents and workflow automation that take repetitive work off your team. Plans from 99 dollars a month, with 24/7 priority support.',
  },
  '/docs': {
    title: 'API Documentation | Kiwi Automate',
    description: 'Authenticate, send messages and receive webhooks with the Kiwi Automate API. Code samples you can copy.',
  },
  '/sms-info': {
    title: 'SMS Notifications and Consent | Kiwi Automate',
    description: 'How we collect consent for SMS notifications, what we send, and how to opt out at any time with STOP, UNSUBSCRIBE or END.',
  },
  '/faqs': {
    title: 'Frequently Asked Questions | Kiwi Automate',
    description: 'Answers on pricing, timelines, data security and how an AI automation project with Kiwi Automate works.',
  },
  '/articles/$slug': articles.map((article) => ({
    params: { slug: article.slug },
    title: `${article.title} | Kiwi Automate`,
    description: article.description,
  })),
  '/booking/$uid': {
    shell: true,
    title: 'Manage your booking | Kiwi Automate',
    description: 'See, move or cancel your free 15-minute call with Kiwi Automate.',
  },
  '/desk': {
    shell: true,
    title: 'Desk | Kiwi Automate',
    description: "The agency's desk: upcoming and past calls, cancellations, no-shows and time off.",
  },
}

export const notFoundHead: PageHead = {
  title: 'Page not found | Kiwi Automate',
  description: 'The page you asked for does not exist.',
}
