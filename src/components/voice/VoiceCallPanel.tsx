import { formatElapsed } from '../../../machines/voiceCaptions'
import { NOT_CONFIGURED } from '../../../core/voiceErrors'
import { CALL_BUTTON_LABELS } from './callView'
import { Captions } from './Captions'
import { SpeakingIndicator } from './SpeakingIndicator'
import { useVoiceCall } from './useVoiceCall'

const NOTICE = 'Calls are answered by an AI assistant and may be recorded. By starting a call you agree to this.'

/**
 * The interactive part of the voice widget (SPEC §4): the call machine, the voice client behind it and
 * the panel's controls. Its own chunk, loaded at idle time or on the visitor's first intent
 * (VoiceWidget); never part of the first load (DESIGN §10).
 */
export default function VoiceCallPanel() {
  const { phase, context, canStart, canEnd, canMute, events } = useVoiceCall()
  const { consented, errorMessage, muted, assistantSpeaking, volume, captions, elapsedSeconds } = context
  const inCall = phase === 'active'
  // The main button starts, or ends an active call; while connecting it stays disabled (SPEC §4).
  const mainAction = canStart ? events.start : inCall && canEnd ? events.end : undefined

  if (phase === 'unconfigured') return <p className="text-sm text-slate-300">{NOT_CONFIGURED}</p>
  return (
    // data-call: the launcher's live dot follows it (CSS :has, VoiceWidget), the launcher being outside this chunk.
    <div data-call={phase} className="space-y-3">
      {!consented && (phase === 'idle' || phase === 'error') && <p className="text-sm text-slate-300">{NOTICE}</p>}
      {phase === 'error' && (
        <div role="alert" className="rounded-md border border-red-500/60 bg-red-950/80 p-3 text-sm text-red-100">
          {errorMessage}
        </div>
      )}
      {inCall && (
        <>
          <div className="flex items-center justify-between">
            <SpeakingIndicator speaking={assistantSpeaking} volume={volume} />
            <p className="text-sm text-slate-300 tabular-nums">
              <span className="sr-only">Call time </span>
              <time>{formatElapsed(elapsedSeconds)}</time>
            </p>
          </div>
          <Captions captions={captions} />
        </>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          disabled={!mainAction}
          onClick={mainAction}
          onPointerEnter={events.prefetch}
          onFocus={events.prefetch}
          className={`flex-1 rounded-lg px-4 py-2.5 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-70 ${
            inCall ? 'bg-red-700 hover:bg-red-800' : 'bg-sky-700 hover:bg-sky-800'
          }`}
        >
          {CALL_BUTTON_LABELS[phase]}
        </button>
        {phase === 'connecting' && canEnd && (
          // The main button stays disabled while connecting (SPEC §4); this one lets the visitor give up waiting.
          <button
            type="button"
            onClick={events.end}
            className="rounded-lg border border-red-400/60 px-3 py-2.5 text-sm font-semibold text-red-100 hover:bg-red-900/60"
          >
            End Call
          </button>
        )}
        {canMute && (
          <button
            type="button"
            aria-pressed={muted}
            onClick={events.toggleMute}
            className="rounded-lg border border-white/20 px-3 py-2.5 text-sm font-semibold text-white hover:bg-white/10 aria-pressed:bg-amber-600 aria-pressed:border-amber-500"
          >
            Mute
          </button>
        )}
      </div>
    </div>
  )
}
