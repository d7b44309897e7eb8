import type { ProcessStep } from '../../content/process'
import { Icon } from './Icon'
import { card } from './ui'

/** The numbered steps of how we work. */
export function ProcessSteps({ steps }: { steps: ReadonlyArray<ProcessStep> }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
      {steps.map((step, index) => (
        <li key={step.title} className={`${card} relative p-6`}>
          <div className="flex items-center justify-between">
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-linear-to-br from-sky-400 to-indigo-500 text-sm font-bold text-slate-950">
              <span className="sr-only">Step </span>
              {index + 1}
            </span>
            <Icon name={step.icon} className="h-6 w-6 text-sky-300" />
          </div>
          <h3 className="mt-5 text-lg font-semibold text-white">{step.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-300">{step.description}</p>
        </li>
      ))}
    </ol>
  )
}
