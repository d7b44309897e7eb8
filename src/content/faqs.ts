/** Each page's FAQ is its own module, so a page loads only its own questions. */
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
