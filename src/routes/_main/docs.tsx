import { createFileRoute } from '@tanstack/react-router'
import { CodeSample } from '../../components/content/CodeSample'
import { DocsSidebar } from '../../components/content/DocsSidebar'
import { PageHero } from '../../components/sections/PageHero'
import { card, container } from '../../components/sections/ui'
import { API_BASE, docSections, docsHero } from '../../content/docs'

export const Route = createFileRoute('/_main/docs')({
  component: DocsPage,
})

function DocsPage() {
  return (
    <>
      <PageHero badge={docsHero.badge} title={docsHero.title} lead={docsHero.lead}>
        <p className="inline-flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-slate-900/80 px-4 py-3 text-sm">
          <span className="font-semibold text-slate-200">Base URL</span>
          <code className="font-mono break-all text-sky-200">{API_BASE}</code>
        </p>
      </PageHero>
      <div className={`${container} grid gap-10 pb-24 lg:grid-cols-[14rem_minmax(0,1fr)]`}>
        <aside>
          <DocsSidebar sections={docSections} />
        </aside>
        <div className="min-w-0 space-y-16">
          {docSections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
                {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-4 max-w-3xl leading-7 text-slate-300">
                  {text}
                </p>
              ))}
              {section.params ? (
                <div className={`${card} mt-6 overflow-x-auto`}>
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{section.title} parameters</caption>
                    <thead className="border-b border-white/10 text-slate-200">
                      <tr>
                        <th scope="col" className="px-4 py-3 font-semibold">Parameter</th>
                        <th scope="col" className="px-4 py-3 font-semibold">Type</th>
                        <th scope="col" className="px-4 py-3 font-semibold">Description</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-white/5 text-slate-300">
                      {section.params.map((param) => (
                        <tr key={param.name}>
                          <th scope="row" className="px-4 py-3 font-mono font-normal text-sky-200">{param.name}</th>
                          <td className="px-4 py-3 font-mono">{param.type}</td>
                          <td className="px-4 py-3">{param.description}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {section.samples.length > 0 ? (
                <div className="mt-6 space-y-6">
                  {section.samples.map((sample) => (
                    <CodeSample key={sample.title} sample={sample} />
                  ))}
                </div>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  )
}
