import type { ServiceCard } from '../../content/services'
import { BookCallButton } from '../booking/BookCallButton'
import { CardImage } from './CardImage'
import { CheckList } from './FeatureGrid'
import { Icon } from './Icon'
import { card, primaryButton } from './ui'

/** The home page's services, each with its own Book a Call button. */
export function ServiceCards({ services }: { services: ReadonlyArray<ServiceCard> }) {
  return (
    <ul role="list" className="grid gap-8 lg:grid-cols-3">
      {services.map((service) => (
        // ActionCards' and CaseStudies' frame too; a shared wrapper measured 120 B gzip more on /'s first load (CardImage's chunk).
        <li key={service.id} className={`${card} flex flex-col overflow-hidden transition hover:border-sky-400/30`}>
          <CardImage src={service.image} alt={service.imageAlt} />
          <div className="flex flex-1 flex-col p-6 sm:p-8">
            <div className="flex items-center gap-3">
              <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-xl bg-sky-400/10 text-sky-300 ring-1 ring-sky-400/30">
                <Icon name={service.icon} className="h-5 w-5" />
              </span>
              <h3 className="text-xl font-semibold text-white">{service.title}</h3>
            </div>
            <p className="mt-4 leading-7 text-slate-300">{service.description}</p>
            <CheckList items={service.includes} className="mt-6 mb-8" />
            <div className="mt-auto">
              <BookCallButton from={`service:${service.id}`} className={`${primaryButton} w-full`} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
