import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { connectingLabel, consentNotice, startCallLabel, typeInsteadLabel } from '../../content/voice'
import { deferredModule } from '../../boot/deferredModule'
import { afterFirstPaintInView } from '../../lib/dom/pageEnvironment'
import { readVoiceConsent } from '../../lib/voice/consent'
import { CALL_BUTTON_ID, CHAT_PANEL_ID, TYPE_INSTEAD_ID } from '../../lib/dom/elementIds'
import { ChatIcon, MicIcon } from '../layout/icons'
import { callButton, callButtonIdle, compactOnPhone, focusRing, labelOnPhone, voiceControlsRow } from '../sections/ui'
import { useChatControls, useTextChatActor, type TextChatActor } from './textChatActor'

/**
 * The call machine, the voice client and the widget's controls: their own chunk, out of the first load
 * (docs/design.md#budgets). Imported when the page is idle and no dialog covers it, or at the visitor's first
 * pointer, focus or press on the button, whichever comes first.
 */
const callWidget = deferredModule(() => import('./VoiceCallWidget'), afterFirstPaintInView)

/**
 * The floating voice assistant (docs/design.md#pages, docs/design.md#states): one button bottom-right whose label is the call's state,
 * 'Type instead' beside it (with voice settings), and the consent notice, the call panel, the error box
 * or the text conversation above them. It sits under the mobile menu and the booking modal (z-40 < z-50 < z-60).
 *
 * It lives at the root of the page, not in the main layout, so a call (and a conversation) goes on while
 * the visitor moves between pages: on the main layout it is always there; on the layout without the
 * widget (/faqs) it shows only while a call runs or the conversation is open, so End Call stays in reach.
 *
 * This shell is all the first load holds: the button and the notice as the interactive part draws them
 * (it is handed the notice and 'Type instead', so their code is here only; it shares nothing else with
 * this module, which would make the first-load chunk export it). A press before that part has loaded is
 * kept and starts the call as soon as it has. `import.meta.env.VOICE_CONFIGURED` is a constant at each
 * use, so a build without voice settings carries no notice or conversation code at all.
 */
export function VoiceWidget() {
  const Widget = useSyncExternalStore(callWidget.subscribe, callWidget.current, callWidget.serverValue)?.default
  const onMainLayout = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === '/_main') })
  // Not business state: only whether a press came before the code that handles it (handed over once).
  const [pressed, setPressed] = useState(false)
  const chat = useTextChatActor()
  useEffect(() => (onMainLayout ? callWidget.loadWhenIdle() : undefined), [onMainLayout])
  const notice = import.meta.env.VOICE_CONFIGURED ? <ConsentNotice /> : null
  const typeInstead = chat ? <TypeInstead chat={chat} /> : null

  // The call part draws the frame itself, at one place in the tree on every layout, so moving between
  // layouts never remounts it (that would end the call); away from the main layout it shows only while
  // there is something to end or read.
  if (Widget) return <Widget startOnLoad={pressed} notice={notice} typeInstead={typeInstead} chat={chat} Frame={WidgetFrame} bare={!onMainLayout} />
  if (!onMainLayout) return null
  return (
    <WidgetFrame>
      <div className={voiceControlsRow}>
        {typeInstead}
        <button
          type="button"
          id={CALL_BUTTON_ID}
          aria-disabled={pressed || undefined}
          className={`${callButton} ${callButtonIdle} ${pressed ? '' : compactOnPhone}`}
          onPointerEnter={callWidget.load}
          onFocus={callWidget.load}
          onClick={() => {
            setPressed(true)
            callWidget.load()
          }}
        >
          <MicIcon />
          <span className={pressed ? undefined : labelOnPhone}>{pressed && import.meta.env.VOICE_CONFIGURED ? connectingLabel : startCallLabel}</span>
        </button>
      </div>
      {notice}
    </WidgetFrame>
  )
}

/** The floating corner the widget stands in. */
function WidgetFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Voice assistant"
      className="pointer-events-none fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 flex w-[min(20rem,calc(100vw-2rem))] flex-col-reverse items-end gap-2"
    >
      {children}
    </section>
  )
}

/**
 * 'Type instead': opens the text conversation with the same assistant (its machine loads at the first
 * press if it has not yet). The call part places it beside the call button, or in the error box.
 */
function TypeInstead({ chat }: { chat: TextChatActor }) {
  const { open, openChat } = useChatControls(chat)
  return (
    <button
      type="button"
      id={TYPE_INSTEAD_ID}
      aria-expanded={open}
      aria-controls={open ? CHAT_PANEL_ID : undefined}
      className={`pointer-events-auto flex min-h-11 shrink-0 items-center rounded-full border border-white/20 bg-slate-900 px-3 py-2 text-sm font-semibold text-white shadow-lg shadow-black/40 transition hover:bg-slate-800 ${compactOnPhone} ${focusRing}`}
      onPointerEnter={callWidget.load}
      onClick={(e) => {
        openChat(e.currentTarget)
        callWidget.load() // the panel is drawn by the call part
      }}
    >
      <ChatIcon className="size-5 sm:hidden" />
      <span className={labelOnPhone}>{typeInsteadLabel}</span>
    </button>
  )
}

const noSubscription = () => () => {}
/** The prerendered page (and hydration) shows the notice: whether the visitor agreed is known only after. */
const serverAgreed = () => false

/**
 * "You'll talk or type with an AI assistant…", with the privacy text's link, until the visitor has started a call
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
