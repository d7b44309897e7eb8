import { BookCallButton } from '../booking/BookCallButton'
import { container, primaryButton } from './ui'

/** A closing call to action with a Book a Call button. */
export function CtaBanner({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="py-16 sm:py-24">
      <div className={container}>
        <div className="relative overflow-hidden rounded-3xl border border-sky-400/20 bg-linear-to-br from-sky-500/15 via-indigo-500/15 to-slate-900 px-6 py-14 text-center sm:px-16">
          <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-slate-200">{text}</p>
          <div className="mt-8">
            <BookCallButton from="cta" className={primaryButton} />
          </div>
        </div>
      </div>
    </section>
  )
}
