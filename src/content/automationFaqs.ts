import type { FaqItem } from './faqs'

/** The automation service page's FAQ: plans and support (docs/design.md#constants). */
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
