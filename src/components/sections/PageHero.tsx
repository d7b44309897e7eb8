import type { ReactNode } from 'react'
import { container, gradientText } from './ui'

export interface PageHeroProps {
  badge: string
  title: string
  lead: string
  /** Buttons or a search box under the lead. */
  children?: ReactNode
  /** Centre the text (home page); otherwise left-aligned. */
  centered?: boolean
  /** Split the title after this many words and paint the rest with the brand gradient. */
  accentFrom?: number
}

/** The top of every page: badge, the page's only h1, a lead paragraph and actions. */
export function PageHero({ badge, title, lead, children, centered = false, accentFrom }: PageHeroProps) {
  const words = title.split(' ')
  const cut = accentFrom ?? words.length
  const plain = words.slice(0, cut).join(' ')
  const accent = words.slice(cut).join(' ')
  return (
    <section className="relative overflow-hidden">
      <HeroGlow className="inset-x-0 mx-auto h-[32rem] max-w-5xl" />
      <div className={`${container} pt-16 pb-14 sm:pt-24 sm:pb-20 ${centered ? 'text-center' : ''}`}>
        <HeroBadge>{badge}</HeroBadge>
        <h1
          className={`mt-6 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl ${centered ? 'mx-auto max-w-4xl' : 'max-w-3xl'}`}
        >
          {plain}
          {accent ? (
            <>
              {' '}
              <span className={gradientText}>{accent}</span>
            </>
          ) : null}
        </h1>
        <p className={`mt-6 text-lg leading-8 text-pretty text-slate-300 ${centered ? 'mx-auto max-w-2xl' : 'max-w-2xl'}`}>{lead}</p>
        {children ? <div className={`mt-10 ${centered ? 'flex flex-col items-center' : ''}`}>{children}</div> : null}
      </div>
    </section>
  )
}

/** The blurred brand-coloured light behind a page's hero; the caller places and sizes it. */
export function HeroGlow({ className }: { className: string }) {
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none absolute -top-40 -z-10 rounded-full bg-linear-to-tr from-sky-500/25 via-indigo-500/20 to-transparent blur-3xl ${className}`}
    />
  )
}

/** The pill above a hero's h1: a dot and a short label. */
export function HeroBadge({ children }: { children: ReactNode }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-sky-400/30 bg-sky-400/10 px-4 py-1.5 text-sm font-medium text-sky-200">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-sky-300" />
      {children}
    </p>
  )
}
