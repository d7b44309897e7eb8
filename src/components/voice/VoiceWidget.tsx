import { useEffect, useState, useSyncExternalStore } from 'react'
import { connectingLabel, consentNotice, startCallLabel } from '../../content/voice'
import { deferredModule } from '../../lib/deferredModule'
import { readVoiceConsent } from '../../lib/voice/consent'
import { CALL_BUTTON_ID } from '../../lib/focus'
import { MicIcon } from '../layout/icons'
import { callButton, callButtonIdle, focusRing } from '../sections/ui'

/**
 * The call machine, the voice client and the widget's controls: their own chunk, out of the first load
 * (DESIGN §10). Imported when the page is idle, or at the visitor's first pointer, focus or press on the
 * button, whichever comes first.
 */
const callWidget = deferredModule(() => import('./VoiceCallWidget'))

/**
 * The floating voice assistant (SPEC §2, §4): one button bottom-right whose label is the call's state,
 * with the consent notice, the call panel or the error box beside it. It sits under the mobile menu and
 * the booking modal (z-40 < z-50 < z-60).
 *
 * This shell is all the first load holds: the button and the notice as the interactive part draws them
 * (it is handed the notice, so the notice's code is here only; it shares nothing else with this module,
 * which would make the first-load chunk export it). A press before that part has loaded is
 * kept and starts the call as soon as it has. `import.meta.env.VOICE_CONFIGURED` is a constant at each
 * use, so a build without voice settings carries no notice code at all.
 */
export function VoiceWidget() {
  const Widget = useSyncExternalStore(callWidget.subscribe, callWidget.current, callWidget.serverValue)?.default
  // Not business state: only whether a press came before the code that handles it (handed over once).
  const [pressed, setPressed] = useState(false)
  useEffect(() => callWidget.loadWhenIdle(), [])
  const notice = import.meta.env.VOICE_CONFIGURED ? <ConsentNotice /> : null

  return (
    <section
      aria-label="Voice assistant"
      className="pointer-events-none fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 flex w-[min(20rem,calc(100vw-2rem))] flex-col-reverse items-end gap-2"
    >
      {Widget ? (
        <Widget startOnLoad={pressed} notice={notice} />
      ) : (
        <>
          <button
            type="button"
            id={CALL_BUTTON_ID}
            aria-disabled={pressed || undefined}
            className={`${callButton} ${callButtonIdle}`}
            onPointerEnter={callWidget.load}
            onFocus={callWidget.load}
            onClick={() => {
              setPressed(true)
              callWidget.load()
            }}
          >
            <MicIcon />
            <span>{pressed && import.meta.env.VOICE_CONFIGURED ? connectingLabel : startCallLabel}</span>
          </button>
          {notice}
        </>
      )}
    </section>
  )
}

const noSubscription = () => () => {}
/** The prerendered page (and hydration) shows the notice: whether the visitor agreed is known only after. */
const serverAgreed = () => false

/**
 * "You'll talk to an AI assistant…", with the privacy text's link, until the visitor has started a call
 * on this device (the call machine hides it from then on; before it has loaded, the stored agreement does).
 */
function ConsentNotice() {
  const agreed = useSyncExternalStore(noSubscription, readVoiceConsent, serverAgreed)
  if (agreed) return null
  return (
    // The card of the call panel and the error box (VoiceCallWidget), repeated so it stays out of the first load there.
    <p
      className="pointer-events-auto w-full rounded-xl border border-white/10 bg-slate-900 px-3 py-2 text-xs text-slate-200 shadow-2xl shadow-black/50 sm:text-sm"
    >
      {consentNotice.text}{' '}
      <a href={consentNotice.href} className={`rounded-sm font-semibold text-sky-300 underline underline-offset-2 hover:text-sky-200 ${focusRing}`}>
        {consentNotice.linkLabel}
      </a>
    </p>
  )
}
