/** The site's one set of shared class lists: focus ring, buttons, rhythm. Every component takes its look from here. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300'

// Drawn inside the control: the FAQ buttons fill a bordered list, where an outer ring would cover the dividers.
export const focusRingInset = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-300'

export const container = 'mx-auto w-full max-w-7xl px-5 sm:px-8'

export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-sky-400 px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-sky-500/20 transition hover:bg-sky-300 ${focusRing}`

export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/15 bg-white/5 px-6 py-3 text-base font-semibold text-white transition hover:border-white/30 hover:bg-white/10 ${focusRing}`

/** The header's and the mobile menu's 'Book a Call': smaller type on the brighter blue; each adds its padding. */
export const navButton = `rounded-full bg-sky-500 px-5 text-sm font-semibold text-slate-950 transition hover:bg-sky-400 ${focusRing}`

export const textLink = `font-semibold text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline ${focusRing} rounded-sm`

export const card = 'rounded-2xl border border-white/10 bg-slate-900/60 backdrop-blur-sm'

export const gradientText = 'bg-linear-to-r from-sky-300 via-sky-400 to-indigo-300 bg-clip-text text-transparent'

/**
 * The voice widget's floating call button, colours aside: its first-load shell and its call part draw it
 * alike. Marked with aria-disabled rather than disabled while connecting or ending (docs/design.md#states), so it keeps
 * the keyboard focus while its label moves through the call.
 */
export const callButton = `pointer-events-auto flex min-h-11 items-center gap-2 rounded-full px-4 py-3 font-semibold text-white shadow-lg shadow-black/40 transition aria-disabled:cursor-not-allowed aria-disabled:opacity-80 ${focusRing}`

export const callButtonIdle = 'bg-sky-700 hover:bg-sky-800'

/**
 * On a phone the waiting widget's buttons are round icons (their words kept for screen readers), so they cover
 * as little of the page as they can (docs/design.md#pages); once a call starts the button says its state again.
 */
export const compactOnPhone = 'max-sm:size-12 max-sm:justify-center max-sm:p-0'
export const labelOnPhone = 'max-sm:sr-only'

/**
 * The voice widget's bottom row: 'Type instead' and the call button, the call button rightmost. On a narrow
 * screen 'Type instead' moves to a line above rather than push the call button out of place.
 */
export const voiceControlsRow = 'flex flex-wrap-reverse items-center justify-end gap-2'
