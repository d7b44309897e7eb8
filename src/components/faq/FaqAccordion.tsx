import type { FaqItem } from '../../content/faqs'

export interface FaqAccordionProps {
  items: ReadonlyArray<FaqItem>
  /** Prefix of the ids of the buttons and panels, unique on the page. */
  idPrefix: string
  /** The home page's pricing FAQ: the 'Pricing' scroll intent opens its first item. */
  pricingTarget?: boolean
}

/** Placeholder until the faqAccordion machine drives it. */
export function FaqAccordion({ items, idPrefix }: FaqAccordionProps) {
  return (
    <div id={`${idPrefix}-faq`}>
      {items.map((item) => (
        <div key={item.question}>
          <h3>{item.question}</h3>
          <p>{item.answer}</p>
        </div>
      ))}
    </div>
  )
}
