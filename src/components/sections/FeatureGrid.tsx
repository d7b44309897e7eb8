import type { IconName } from '../../content/icons'
import { Icon } from './Icon'
import { card } from './ui'

export interface FeatureGridItem {
  title: string
  description: string
  icon: IconName
  points?: ReadonlyArray<string>
}

/** Cards with an icon, an h3 and a description (features, values, reasons, solutions). */
export function FeatureGrid({ items, columns = 3 }: { items: ReadonlyArray<FeatureGridItem>; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns]
  return (
    <ul role="list" className={`grid gap-6 ${cols}`}>
      {items.map((item) => (
        <li key={item.title} className={`${card} p-6 transition hover:border-sky-400/30`}>
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-linear-to-br from-sky-400/20 to-indigo-500/20 text-sky-300 ring-1 ring-sky-400/30">
            <Icon name={item.icon} />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-white">{item.title}</h3>
          <p className="mt-2 leading-7 text-slate-300">{item.description}</p>
          {item.points ? <CheckList items={item.points} className="mt-5" /> : null}
        </li>
      ))}
    </ul>
  )
}

export function CheckList({ items, className = '' }: { items: ReadonlyArray<string>; className?: string }) {
  return (
    <ul role="list" className={`space-y-2 ${className}`}>
      {items.map((point) => (
        <li key={point} className="flex gap-3 text-sm leading-6 text-slate-300">
          <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-sky-300" />
          {point}
        </li>
      ))}
    </ul>
  )
}
