/** The desk's own looks; its buttons are the site's (sections/ui) and the manage page's (manage/styles). */
export const sectionHeading = 'scroll-mt-24 text-xl font-semibold text-white sm:text-2xl'

export const dayHeading = 'text-sm font-semibold tracking-wide text-sky-200 uppercase'

export const callItem = 'flex flex-col gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-4 sm:p-5'

export const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold'

export const statusBox = 'rounded-lg border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100 empty:hidden'
