import { useEffect, useSyncExternalStore } from 'react'
import { deferredModule } from '../../lib/deferredModule'
import { focusRing } from '../sections/ui'

/**
 * The call machine, the voice client and the panel's controls: their own chunk, out of the first load
 * (DESIGN §10). Imported when the page is idle, or at the visitor's first pointer, focus or click on the
 * widget, whichever comes first.
 */
const callPanel = deferredModule(() => import('./VoiceCallPanel'))

/**
 * The floating voice assistant (SPEC §2, §4): a compact button bottom-right that opens a small panel.
 * It sits under the mobile menu and the booking modal (z-40 < z-50 < z-60).
 *
 * This shell is all the first load holds. The button is a native <details> summary, so a click that
 * comes before the panel's code (even before hydration) still opens the panel; its controls appear
 * as soon as the code has loaded.
 */
export function VoiceWidget() {
  const Panel = useSyncExternalStore(callPanel.subscribe, callPanel.current, callPanel.serverValue)?.default
  useEffect(() => callPanel.loadWhenIdle(), [])

  return (
    <details
      className="group fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] z-40"
      onPointerEnter={callPanel.load}
      onFocus={callPanel.load}
      onClick={callPanel.load}
    >
      <summary className={`flex cursor-pointer list-none items-center gap-2 rounded-full bg-sky-700 px-4 py-3 font-semibold text-white shadow-lg shadow-black/40 hover:bg-sky-800 ${focusRing} [&::-webkit-details-marker]:hidden`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
        </svg>
        <span>Talk to our AI</span>
        {/* In a call: the panel's state marks it (data-call), even while the panel is closed. */}
        <span aria-hidden="true" className="hidden size-2 rounded-full bg-emerald-300 group-has-[[data-call=active]]:block motion-safe:animate-pulse" />
      </summary>
      <section
        aria-labelledby="voice-widget-title"
        aria-busy={Panel ? undefined : true}
        className="absolute right-0 bottom-full mb-3 max-h-[calc(100dvh-6rem)] w-[min(20rem,calc(100vw-2rem))] space-y-3 overflow-y-auto rounded-xl border border-white/10 bg-slate-900 p-4 text-slate-100 shadow-2xl shadow-black/50"
      >
        <h2 id="voice-widget-title" className="text-base font-semibold">
          Voice assistant
        </h2>
        {Panel ? <Panel /> : null}
      </section>
    </details>
  )
}
