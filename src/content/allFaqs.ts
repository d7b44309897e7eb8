import { automationFaqs } from './automationFaqs'
import { pricingFaqs, type FaqItem } from './faqs'

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
