/** The booking form's class lists: one focus ring and one field look for every control. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300'

export const fieldLabel = 'block text-sm font-medium text-slate-200'

export const fieldInput = `mt-1.5 block w-full rounded-lg border bg-slate-950/60 px-3.5 py-2.5 text-base text-white placeholder:text-slate-400 transition read-only:opacity-70 ${focusRing}`

// Reserves its line, so a message appearing does not push the form down.
export const fieldError = 'mt-1.5 min-h-5 text-sm text-rose-300'

export const smallButton = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-white/15 bg-white/5 px-3 py-2 text-sm font-medium text-white transition hover:border-white/30 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white/5 ${focusRing}`

export const primaryButton = `inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-sky-400 px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-sky-500/20 transition hover:bg-sky-300 disabled:cursor-wait disabled:opacity-70 ${focusRing}`

/** A working day's worth of 15-minute slots (09:00–17:00): the skeletons are the size of a full list. */
export const SKELETON_SLOTS = 32
