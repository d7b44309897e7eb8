export interface FaqItem {
  question: string
  answer: string
}

/** The home page's pricing FAQ; its first item is the one the 'Pricing' links open. */
export const pricingFaqs: ReadonlyArray<FaqItem> = [
  {
    question: 'How much does an AI automation project cost?',
    answer:
      'It depends on the size of the project, but our work costs an average of 150 dollars per hour. After the discovery call we send a fixed-price proposal, so you know the full cost before any work starts.',
  },
  {
    question: 'How long does it take to build an automation?',
    answer:
      'Simple workflows, such as lead capture and follow-up, usually go live within one to two weeks. Larger projects with custom AI agents or several integrations take four to eight weeks, delivered in stages.',
  },
  {
    question: 'Do I need technical knowledge to work with you?',
    answer:
      'No. We handle the technical side from start to finish and explain everything in plain English. Your team gets short training sessions and written guides for anything they use day to day.',
  },
  {
    question: 'Which tools and platforms do you work with?',
    answer:
      'We work with most business software, including HubSpot, Pipedrive, Xero, Shopify, Google Workspace, Microsoft 365, Slack and Twilio. If a tool has an API, we can almost always connect it.',
  },
  {
    question: 'Is my business data secure?',
    answer:
      'Yes. We follow the New Zealand Privacy Act 2020, use encrypted connections, give each automation only the access it needs, and never use your data to train public AI models.',
  },
]

/** The automation service page's FAQ: plans and support (SPEC §9). */
export const automationFaqs: ReadonlyArray<FaqItem> = [
  {
    question: 'What plans do you offer?',
    answer:
      'The Starter plan is 99 dollars a month and covers up to three automated workflows. The Growth plan is 249 dollars a month and adds AI agents, unlimited workflows and monthly reporting. Enterprise plans have custom pricing, shaped around your volume and integrations.',
  },
  {
    question: 'What kind of support is included?',
    answer:
      'Every plan includes 24/7 priority support: if an automation stops or behaves unexpectedly, our team is alerted and responds straight away, day or night.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. You can move between Starter and Growth at any time, and plans run month to month with no lock-in contract.',
  },
  {
    question: 'How quickly will I see results?',
    answer:
      'Most clients see hours saved in the first week after launch. We report on time saved, response times and conversions so you can see the return for yourself.',
  },
]

/** The full FAQ page (/faqs). */
export const allFaqs: ReadonlyArray<FaqItem> = [
  ...pricingFaqs,
  ...automationFaqs,
  {
    question: 'Where are you based?',
    answer:
      'Our team is based in Auckland, New Zealand. We work with clients across New Zealand and Australia, on site in Auckland or by video call anywhere else.',
  },
  {
    question: 'What happens on the free 15-minute call?',
    answer:
      'We ask about your business, the tasks that take up most of your time and the tools you use. You leave with two or three concrete automation ideas, whether or not you work with us.',
  },
]
