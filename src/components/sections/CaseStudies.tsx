import type { CaseStudy } from '../../content/automation'
import { card } from './ui'
import { CardImage } from './CardImage'

/** Client stories: problem, solution and result. */
export function CaseStudies({ studies }: { studies: ReadonlyArray<CaseStudy> }) {
  return (
    <ul role="list" className="grid gap-8 lg:grid-cols-3">
      {studies.map((study) => (
        <li key={study.client} className={`${card} flex flex-col overflow-hidden`}>
          <CardImage src={study.image} alt={study.imageAlt} />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-xl font-semibold text-white">{study.client}</h3>
            <p className="text-sm text-slate-400">{study.industry}</p>
            <dl className="mt-5 space-y-4 text-sm leading-6">
              <div>
                <dt className="font-semibold text-slate-100">Problem</dt>
                <dd className="mt-1 text-slate-300">{study.problem}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-100">Solution</dt>
                <dd className="mt-1 text-slate-300">{study.solution}</dd>
              </div>
              <div className="rounded-xl border border-emerald-400/20 bg-emerald-400/10 p-4">
                <dt className="font-semibold text-emerald-200">Result</dt>
                <dd className="mt-1 text-emerald-50">{study.result}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  )
}
