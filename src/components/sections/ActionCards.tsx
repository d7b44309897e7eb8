import { Link } from '@tanstack/react-router'
import type { ActionServiceCard } from '../../content/automation'
import { card, focusRing } from './ui'
import { CardImage } from './CardImage'

/** Service cards that each lead somewhere, with their own call-to-action label. */
export function ActionCards({ cards }: { cards: ReadonlyArray<ActionServiceCard> }) {
  return (
    <ul role="list" className="grid gap-8 md:grid-cols-3">
      {cards.map((item) => (
        <li key={item.title} className={`${card} flex flex-col overflow-hidden transition hover:border-sky-400/30`}>
          <CardImage src={item.image} alt={item.imageAlt} />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-xl font-semibold text-white">{item.title}</h3>
            <p className="mt-2 mb-6 leading-7 text-slate-300">{item.description}</p>
            <Link
              to={item.ctaLink}
              className={`mt-auto inline-flex items-center gap-2 self-start rounded-sm font-semibold text-sky-300 hover:text-sky-200 ${focusRing}`}
            >
              {item.ctaLabel}
              <span aria-hidden="true">→</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
