import type { Stat } from '../../content/useCases'

/** Headline figures: the value large, the label beneath, read together as one sentence. */
export function StatsGrid({ stats }: { stats: ReadonlyArray<Stat> }) {
  return (
    <dl className="grid gap-px overflow-hidden rounded-2xl border border-white/10 bg-white/10 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse bg-slate-950 px-6 py-8 text-center">
          <dt className="mt-2 text-base text-slate-300">{stat.label}</dt>
          <dd className="bg-linear-to-r from-sky-300 to-indigo-300 bg-clip-text text-4xl font-bold tracking-tight text-transparent sm:text-5xl">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
