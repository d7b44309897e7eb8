import { useLayoutEffect, useState, type ButtonHTMLAttributes, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import { NOT_CONFIGURED } from '../../../core/voiceErrors'
import { formatElapsed } from '../../../machines/voiceCaptions'
import { callButtonLabels, callPanelText, callStatusText, notSetUpText } from '../../content/voiceCallPanel'
import { useBookingModal } from '../booking/useBookingModal'
import { CALL_BUTTON_ID, CHAT_MESSAGE_ID, TYPE_INSTEAD_ID } from '../../lib/dom/elementIds'
import { MicIcon } from '../layout/icons'
import { callButton, callButtonIdle, compactOnPhone, focusRing, labelOnPhone, navButton, voiceControlsRow } from '../sections/ui'
import { Captions } from './Captions'
import { SpeakingIndicator } from './SpeakingIndicator'
import { useChatControls, type TextChatActor } from './textChatActor'
import { TextChatPanel } from './TextChatPanel'
import { useVoiceCall } from './useVoiceCall'

const PANEL_ID = 'voice-call-panel'
const NOTICE_ID = 'voice-consent-notice'

/** The look of what stands beside the button (the shell's consent notice has the same). */
const widgetCard = 'pointer-events-auto w-full rounded-xl border border-white/10 bg-slate-900 p-3 shadow-2xl shadow-black/50'

const panelButton = `rounded-lg border border-white/20 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`

interface VoiceCallWidgetProps {
  /** The visitor pressed the shell's call button before this part had loaded: start at once. */
  startOnLoad: boolean
  /** The consent notice (drawn by the first-load shell), shown before a first call. */
  notice: ReactNode
  /** The shell's 'Type instead' (null without voice settings): beside the button when idle, in the error box after a failure. */
  typeInstead: ReactNode
  chat: TextChatActor | null
  /** The floating corner the widget stands in (the shell's, handed over so this chunk does not import the first load's). */
  Frame: ComponentType<{ children: ReactNode }>
  /** On the layout without the widget (/faqs): shown only while a call runs or the conversation is open. */
  bare: boolean
}

/**
 * The interactive part of the voice widget (docs/design.md#pages, docs/design.md#states): the call machine, the voice client behind
 * it, the call button and what stands beside it — 'Type instead' and the consent notice before a
 * first call (drawn by the first-load shell, which hands them over), the call panel while connecting
 * or in a call, the red error box, the text conversation when it is open, or (without voice settings)
 * a plain word that the assistant is not set up, with 'Book a Call'.
 * Its own chunk, loaded at idle time or on the visitor's first intent (VoiceWidget); never part of the
 * first load (docs/design.md#budgets).
 */
export default function VoiceCallWidget({ startOnLoad, notice, typeInstead, chat, Frame, bare }: VoiceCallWidgetProps) {
  const { phase, context, canStart, canEnd, canMute, canDismiss, events } = useVoiceCall(startOnLoad)
  const { consented, errorMessage, muted } = context
  const { open: chatOpen, closeChat } = useChatControls(chat)
  const bookingModal = useBookingModal()
  // The shell's button had the focus when this part replaced it: keep it on the same button here, or,
  // when that was 'Type instead' and the conversation it opened is here, in its Message box.
  const [focusOnMount] = useState(() => {
    const id = document.activeElement?.id
    if (id === TYPE_INSTEAD_ID && chatOpen) return CHAT_MESSAGE_ID
    return id === CALL_BUTTON_ID || id === TYPE_INSTEAD_ID ? id : null
  })
  useLayoutEffect(() => {
    if (focusOnMount) document.getElementById(focusOnMount)?.focus()
  }, [focusOnMount])

  if (phase === 'unconfigured') {
    if (bare) return null
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && canDismiss) events.dismiss()
    }
    return (
      <Frame>
        <CallButton
          label={callButtonLabels.idle}
          colors={callButtonIdle}
          compact={!canDismiss}
          aria-expanded={canDismiss}
          aria-controls={canDismiss ? PANEL_ID : undefined}
          onPress={canStart ? events.start : events.dismiss}
        />
        <p role="status" className="sr-only" />
        {canDismiss && (
          <div id={PANEL_ID} className={`${widgetCard} space-y-3 text-sm text-slate-200`} onKeyDown={onKeyDown}>
            <p className="font-semibold text-white">{NOT_CONFIGURED}</p>
            <p>{notSetUpText.offer}</p>
            <div className="flex gap-2">
              <button type="button" aria-haspopup="dialog" data-from="voice" className={`${navButton} py-2`} onClick={(e) => bookingModal.open(e.currentTarget)}>
                {notSetUpText.book}
              </button>
              <button type="button" className={panelButton} onClick={events.dismiss}>
                {notSetUpText.close}
              </button>
            </div>
          </div>
        )}
      </Frame>
    )
  }

  const inCall = phase === 'active'
  const callRunning = phase === 'connecting' || inCall || phase === 'ending'
  if (bare && !callRunning && !chatOpen) return null
  const showNotice = notice !== null && !consented && phase === 'idle'
  // A call takes the widget's panel: the conversation is put away (it goes on, and reopens as it was).
  const startCall = () => {
    events.start()
    closeChat()
  }
  // Start or Retry, End Call in a call; nothing while connecting or ending (docs/design.md#states).
  const press = canStart ? startCall : inCall && canEnd ? events.end : undefined
  return (
    <Frame>
      <div className={voiceControlsRow}>
        {phase === 'idle' && typeInstead}
        <CallButton
          label={callButtonLabels[phase]}
          compact={phase === 'idle'}
          colors={inCall ? 'bg-red-700 hover:bg-red-800' : callButtonIdle}
          aria-describedby={showNotice ? NOTICE_ID : undefined}
          onPress={press}
          onPointerEnter={events.prefetch}
          onFocus={events.prefetch}
        >
          {inCall && <span aria-hidden="true" className="size-2 rounded-full bg-emerald-300 motion-safe:animate-pulse" />}
        </CallButton>
      </div>
      <p role="status" className="sr-only">
        {callStatusText[phase]}
      </p>
      {showNotice && (
        <div id={NOTICE_ID} className="w-full">
          {notice}
        </div>
      )}
      {phase === 'error' && (
        <div className="pointer-events-auto w-full space-y-2 rounded-xl border border-red-500/60 bg-red-950 p-3 text-sm text-red-100 shadow-2xl shadow-black/50">
          <p role="alert">{errorMessage}</p>
          {/* A way on from any failure: the same assistant by text, a booked call instead, or the box closed. */}
          <div className="flex flex-wrap justify-end gap-2">
            {typeInstead}
            <button type="button" aria-haspopup="dialog" data-from="voice" className={`${navButton} min-h-11 py-2`} onClick={(e) => bookingModal.open(e.currentTarget)}>
              {notSetUpText.book}
            </button>
            {canDismiss && (
              <button type="button" className={panelButton} onClick={events.dismiss}>
                {notSetUpText.close}
              </button>
            )}
          </div>
        </div>
      )}
      {(phase === 'connecting' || inCall) && (
        <CallPanel
          context={context}
          canMute={canMute}
          // Giving up while connecting: the main button stays disabled (docs/design.md#states), this one ends the wait.
          cancel={phase === 'connecting' && canEnd ? events.end : undefined}
          toggleMute={events.toggleMute}
          muted={muted}
        />
      )}
      {chatOpen && chat && <TextChatPanel chat={chat} cardClass={widgetCard} />}
    </Frame>
  )
}

interface CallPanelProps {
  context: ReturnType<typeof useVoiceCall>['context']
  canMute: boolean
  muted: boolean
  cancel: (() => void) | undefined
  toggleMute: () => void
}

/** Who is speaking (both sides), the levels, the captions, the timer and Mute: while connecting or in a call. */
function CallPanel({ context, canMute, muted, cancel, toggleMute }: CallPanelProps) {
  const { assistantSpeaking, volume, visitorSpeaking, visitorVolume, captions, elapsedSeconds } = context
  const visitorText = muted ? callPanelText.visitorMuted : visitorSpeaking ? callPanelText.visitorSpeaking : callPanelText.visitorQuiet
  return (
    <div id={PANEL_ID} className={`${widgetCard} space-y-2 text-slate-100`}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{callPanelText.title}</h2>
        <p className="text-sm text-slate-300 tabular-nums">
          <span className="sr-only">{callPanelText.timer} </span>
          <time>{formatElapsed(elapsedSeconds)}</time>
        </p>
      </div>
      <SpeakingIndicator
        tone="assistant"
        speaking={assistantSpeaking}
        volume={volume}
        text={assistantSpeaking ? callPanelText.assistantSpeaking : callPanelText.assistantListening}
      />
      <SpeakingIndicator tone="visitor" speaking={visitorSpeaking && !muted} volume={visitorVolume} text={visitorText} />
      <Captions captions={captions} />
      <div className="flex justify-end gap-2">
        {cancel && (
          <button type="button" className={panelButton} onClick={cancel}>
            {callPanelText.cancel}
          </button>
        )}
        <button
          type="button"
          aria-pressed={muted}
          disabled={!canMute}
          onClick={toggleMute}
          className={`${panelButton} aria-pressed:border-amber-500 aria-pressed:bg-amber-700`}
        >
          {muted ? callPanelText.unmute : callPanelText.mute}
        </button>
      </div>
    </div>
  )
}

interface CallButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick' | 'className'> {
  label: string
  colors: string
  /** A round icon on a phone, its words for screen readers only: while no call is under way. */
  compact: boolean
  /** What a press does; none while connecting or ending (docs/design.md#states): then aria-disabled, keeping the focus. */
  onPress: (() => void) | undefined
}

/** The floating call button (docs/design.md#pages, docs/design.md#states): its label is the call's state. Drawn as the first-load shell draws it. */
function CallButton({ label, colors, compact, onPress, children, ...button }: CallButtonProps) {
  return (
    <button
      type="button"
      id={CALL_BUTTON_ID}
      {...button}
      aria-disabled={onPress ? undefined : true}
      onClick={onPress}
      className={`${callButton} ${colors} ${compact ? compactOnPhone : ''}`}
    >
      <MicIcon />
      <span className={compact ? labelOnPhone : undefined}>{label}</span>
      {children}
    </button>
  )
}
