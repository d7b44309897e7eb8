import type { FaqItem } from '../../content/faqs'
import { focusRingInset } from '../sections/ui'
import { useFaqAccordion } from './useFaqAccordion'

export interface FaqAccordionProps {
  items: ReadonlyArray<FaqItem>
  /** Prefix of the ids of the buttons and panels, unique on the page. */
  idPrefix: string
  /** The home page's pricing FAQ: the 'Pricing' scroll intent opens its first item. */
  pricingTarget?: boolean
}

/**
 * An FAQ accordion (docs/design.md#pages): one item open at most; clicking the open item closes it. The home page's
 * pricing FAQ uses the site's shared actor so the 'Pricing' links can open its first item.
 */
export function FaqAccordion({ items, idPrefix, pricingTarget = false }: FaqAccordionProps) {
  const { openIndex, events } = useFaqAccordion(pricingTarget)

  return (
    <div id={`${idPrefix}-faq`} className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-slate-900/40">
      {items.map((item, index) => {
        const open = openIndex === index
        const buttonId = `${idPrefix}-faq-button-${index}`
        const panelId = `${idPrefix}-faq-panel-${index}`
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => events.toggleItem(index)}
                className={`flex w-full items-center justify-between gap-6 px-5 py-5 text-left text-base font-medium text-white transition hover:bg-white/5 ${focusRingInset} sm:px-6`}
              >
                <span>{item.question}</span>
                <span
                  aria-hidden="true"
                  className={`grid size-7 shrink-0 place-items-center rounded-full border border-white/15 text-sky-300 transition-transform motion-reduce:transition-none ${open ? 'rotate-45' : ''}`}
                >
                  <svg viewBox="0 0 20 20" className="size-4" fill="currentColor">
                    <path d="M10.75 4.75a.75.75 0 00-1.5 0v4.5h-4.5a.75.75 0 000 1.5h4.5v4.5a.75.75 0 001.5 0v-4.5h4.5a.75.75 0 000-1.5h-4.5v-4.5z" />
                  </svg>
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-6 text-sm leading-relaxed text-slate-300 sm:px-6 sm:text-base"
            >
              <p>{item.answer}</p>
            </div>
          </div>
        )
      })}
    </div>
  )
}
