import type { CodeSampleData } from '../../content/docs'
import { focusRing } from '../sections/ui'
import { useCopyFeedback } from './useCopyFeedback'

/** A code sample with a Copy button that confirms it copied (machines/copyFeedback.ts). */
export function CodeSample({ sample }: { sample: CodeSampleData }) {
  const { copied, failed, events } = useCopyFeedback(sample.code)
  const label = copied ? 'Copied!' : failed ? 'Copy failed' : 'Copy'
  return (
    <figure className="overflow-hidden rounded-xl border border-white/10 bg-[#0b1020]">
      <div className="flex items-center justify-between gap-4 border-b border-white/10 bg-white/[0.03] px-4 py-2">
        <figcaption className="text-sm font-medium text-slate-200">
          {sample.title}
          <span className="ml-2 rounded bg-white/10 px-1.5 py-0.5 font-mono text-xs text-slate-300">{sample.language}</span>
        </figcaption>
        <button
          type="button"
          onClick={events.copy}
          className={`inline-flex min-h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium transition ${
            copied
              ? 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200'
              : 'border-white/15 bg-white/5 text-slate-100 hover:bg-white/10'
          } ${focusRing}`}
        >
          {label}
          <span className="sr-only"> {sample.title}</span>
        </button>
      </div>
      <pre
        role="region"
        aria-label={`${sample.title} code`}
        tabIndex={0}
        className={`overflow-x-auto p-4 text-sm leading-6 text-slate-200 ${focusRing}`}
      >
        <code>{sample.code}</code>
      </pre>
      {/* Announced politely: the button's name changes too, but focus stays on it. */}
      <p role="status" aria-live="polite" className="sr-only">
        {copied ? `${sample.title} copied to the clipboard` : failed ? 'Copying failed: select the code and copy it by hand' : ''}
      </p>
    </figure>
  )
}
