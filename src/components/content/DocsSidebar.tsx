import type { DocSection } from '../../content/docs'
import { focusRing } from '../sections/ui'

/** In-page navigation of /docs: links to each section's anchor. */
export function DocsSidebar({ sections }: { sections: ReadonlyArray<DocSection> }) {
  return (
    <nav aria-label="Documentation" className="lg:sticky lg:top-24">
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">On this page</p>
      <ul role="list" className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className={`block rounded-md border border-white/10 px-3 py-1.5 text-sm text-slate-300 transition hover:bg-white/5 hover:text-white lg:border-transparent ${focusRing}`}
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
