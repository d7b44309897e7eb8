import type { DemoStep } from '../../content/useCases'
import { card } from './ui'

/** A worked example of an automation, shown as a timeline of what happened and when. */
export function DemoTimeline({ steps }: { steps: ReadonlyArray<DemoStep> }) {
  return (
    <div className={`${card} mx-auto max-w-3xl p-6 sm:p-10`}>
      <div className="flex items-center gap-2 border-b border-white/10 pb-4" aria-hidden="true">
        <span className="h-3 w-3 rounded-full bg-rose-400/70" />
        <span className="h-3 w-3 rounded-full bg-amber-300/70" />
        <span className="h-3 w-3 rounded-full bg-emerald-400/70" />
        <span className="ml-3 text-xs text-slate-400">lead-follow-up.workflow</span>
      </div>
      <ol className="mt-6 space-y-6">
        {steps.map((step, index) => (
          <li key={`${step.time}-${index}`} className="relative flex gap-4 sm:gap-6">
            <div className="flex flex-col items-center">
              <span className="mt-1 h-3 w-3 flex-none rounded-full bg-sky-300 ring-4 ring-sky-400/20" aria-hidden="true" />
              {index < steps.length - 1 ? <span className="mt-2 w-px flex-1 bg-white/15" aria-hidden="true" /> : null}
            </div>
            <div className="pb-2">
              <p className="text-sm text-slate-400">
                <span className="font-mono text-sky-200">{step.time}</span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <span className="font-semibold text-slate-200">{step.actor}</span>
              </p>
              <p className="mt-1 leading-7 text-slate-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}
