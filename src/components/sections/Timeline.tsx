import type { TimelineEntry } from '../../content/about'

/** Our story, year by year. */
export function Timeline({ entries }: { entries: ReadonlyArray<TimelineEntry> }) {
  return (
    <ol className="relative mx-auto max-w-3xl border-l border-white/15 pl-8 sm:pl-10">
      {entries.map((entry) => (
        <li key={entry.year} className="relative pb-12 last:pb-0">
          <span
            aria-hidden="true"
            className="absolute top-1 -left-[2.45rem] h-4 w-4 rounded-full bg-linear-to-br from-sky-300 to-indigo-400 ring-4 ring-slate-950 sm:-left-[2.95rem]"
          />
          <p className="font-mono text-sm font-semibold text-sky-300">{entry.year}</p>
          <h3 className="mt-1 text-xl font-semibold text-white">{entry.title}</h3>
          <p className="mt-2 leading-7 text-slate-300">{entry.description}</p>
        </li>
      ))}
    </ol>
  )
}
