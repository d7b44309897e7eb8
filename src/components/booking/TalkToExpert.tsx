import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { FormPlaceholder } from './FormPlaceholder'
import { talkToExpertCopy } from '../../content/bookingEntry'
import { bookingSettings } from '../../config'

// The form, its machines and temporal-polyfill stay out of the first load: fetched when needed.
const BookingForm = lazy(() => import('./BookingForm').then((m) => ({ default: m.BookingForm })))

/** How far ahead of the viewport the form starts loading. */
const PRELOAD_MARGIN = '600px 0px'

/**
 * The inline 'Talk to an Expert' booking section (home, /use-cases, /about). The prerendered page holds
 * a static shell; the real form loads when the section nears the viewport or the visitor reaches it.
 */
export function TalkToExpert() {
  const sectionRef = useRef<HTMLElement>(null)
  // View-only: whether the form's code is wanted yet. The form's own state lives in its machine.
  const [wanted, setWanted] = useState(false)

  useEffect(() => {
    const section = sectionRef.current
    if (wanted || !section || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true)
      },
      { rootMargin: PRELOAD_MARGIN },
    )
    observer.observe(section)
    return () => observer.disconnect()
  }, [wanted])

  const want = () => {
    if (!wanted) setWanted(true)
  }

  return (
    <section
      ref={sectionRef}
      id="talk-to-an-expert"
      aria-labelledby="talk-to-an-expert-heading"
      onFocusCapture={want}
      onPointerEnter={want}
      className="px-5 py-20 sm:px-8"
    >
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
        <div>
          <h2 id="talk-to-an-expert-heading" className="text-3xl font-bold text-white sm:text-4xl">
            {talkToExpertCopy.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{talkToExpertCopy.lead(bookingSettings.locations)}</p>
          <ul className="mt-6 space-y-3 text-slate-200">
            {talkToExpertCopy.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3">
                {/* A plain tick, not the toast's circled one: the two icons share only the svg wrapper. */}
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-sky-300">
                  <path
                    fillRule="evenodd"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                    clipRule="evenodd"
                  />
                </svg>
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        {/* As tall as the form with a full day of slots, so neither loading nor changing day moves the page. */}
        <div className="flex min-h-[70rem] flex-col rounded-2xl border border-white/10 bg-slate-900/60 p-5 backdrop-blur-sm sm:min-h-[55rem] sm:p-7">
          {wanted ? (
            <Suspense fallback={<FormPlaceholder />}>
              <BookingForm variant="inline" />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
      </div>
    </section>
  )
}
