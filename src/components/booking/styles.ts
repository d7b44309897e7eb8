import { focusRing } from '../sections/ui'

/** The booking form's own looks (fields, compact controls); its focus ring and primary button are the site's (sections/ui). */
export const fieldLabel = 'block text-sm font-medium text-slate-200'

export const fieldInput = `mt-1.5 block w-full rounded-lg border bg-slate-950/60 px-3.5 py-2.5 text-base text-white placeholder:text-slate-400 transition read-only:opacity-70 ${focusRing}`

// Reserves its line, so a message appearing does not push the form down.
export const fieldError = 'mt-1.5 min-h-5 text-sm text-rose-300'

// Booking-form controls only (day steps, Retry): kept here, out of the first load that sections/ui is part of.
export const smallButton = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-white/15 bg-white/5 px-3 py-2 text-sm font-medium text-white transition hover:border-white/30 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white/5 ${focusRing}`

/** A working day's worth of 15-minute slots (09:00–17:00): the skeletons are the size of a full list. */
export const SKELETON_SLOTS = 32
