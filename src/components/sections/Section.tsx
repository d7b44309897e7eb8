import type { ReactNode } from 'react'
import { container } from './ui'

export interface SectionProps {
  /** The section's anchor; its heading gets `${id}-heading`. */
  id: string
  eyebrow?: string
  title: string
  intro?: string
  centered?: boolean
  /** A tinted band, to separate neighbouring sections. */
  tinted?: boolean
  /** A link or button beside the heading (left-aligned sections only). */
  action?: ReactNode
  children: ReactNode
}

/** A page section with an h2 that names it for assistive technology. */
export function Section({ id, eyebrow, title, intro, centered = false, tinted = false, action, children }: SectionProps) {
  const headingId = `${id}-heading`
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-24 py-16 sm:py-24 ${tinted ? 'border-y border-white/5 bg-white/[0.02]' : ''}`}
    >
      <div className={container}>
        <div className={action ? 'flex flex-wrap items-end justify-between gap-4' : undefined}>
        <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{eyebrow}</p> : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg leading-8 text-pretty text-slate-300">{intro}</p> : null}
        </div>
        {action}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  )
}
