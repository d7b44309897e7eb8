import type { Plan } from '../../content/automation'
import { BookCallButton } from '../booking/BookCallButton'
import { CheckList } from './FeatureGrid'
import { card, primaryButton, secondaryButton } from './ui'

/** Monthly plans side by side; the highlighted one is marked as the most popular. */
export function PlanCards({ plans }: { plans: ReadonlyArray<Plan> }) {
  return (
    <ul role="list" className="grid gap-8 lg:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.name}
          className={`${card} relative flex flex-col p-8 ${plan.highlighted ? 'border-sky-400/50 shadow-xl shadow-sky-500/10' : ''}`}
        >
          {plan.highlighted ? (
            <p className="absolute -top-3 left-8 rounded-full bg-sky-400 px-3 py-0.5 text-xs font-semibold text-slate-950">Most popular</p>
          ) : null}
          <h3 className="text-lg font-semibold text-white">{plan.name}</h3>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="text-4xl font-bold tracking-tight text-white">{plan.price}</span>
            <span className="text-slate-300">{plan.period}</span>
          </p>
          <p className="mt-3 leading-7 text-slate-300">{plan.description}</p>
          <CheckList items={plan.features} className="mt-6 mb-8" />
          <div className="mt-auto">
            <BookCallButton from={`plan:${plan.name.toLowerCase()}`} className={`${plan.highlighted ? primaryButton : secondaryButton} w-full`} />
          </div>
        </li>
      ))}
    </ul>
  )
}
