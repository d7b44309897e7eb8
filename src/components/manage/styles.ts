import { focusRing } from '../sections/ui'

/** The manage page's own looks; its primary and secondary buttons are the site's (sections/ui). */
export const dangerButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-rose-400 px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-rose-500/20 transition hover:bg-rose-300 ${focusRing}`

/** While a request is in flight the pressed button waits, dimmed. */
export const waiting = 'disabled:cursor-wait disabled:opacity-70'

/** A step's buttons: stacked on a phone, in a row from sm up, the main action first. */
export const actionRow = 'flex flex-col gap-3 sm:flex-row sm:flex-wrap'

export const alertBox = 'rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100'

/** The always-present alert (so a message is announced when it appears) takes no room in the step's column while empty. */
export const alertSlot = 'empty:-mt-6'
