import { useActorRef, useSelector } from '@xstate/react'
import { voiceCallMachine } from '../../../machines/voiceCall'
import { formatElapsed } from '../../../machines/voiceCaptions'
import { voiceConfig } from '../../lib/voice/config'
import { NOT_CONFIGURED } from '../../lib/voice/errors'
import { CALL_BUTTON_LABELS, callPhase } from './callView'
import { Captions } from './Captions'
import { SpeakingIndicator } from './SpeakingIndicator'

const NOTICE = 'Calls are answered by an AI assistant and may be recorded. By starting a call you agree to this.'

/**
 * The floating voice assistant (SPEC §2, §4): a compact button bottom-right that opens a small panel.
 * It sits under the mobile menu and the booking modal (z-40 < z-50 < z-60).
 */
export function VoiceWidget() {
  const actorRef = useActorRef(voiceCallMachine, { input: { configured: voiceConfig !== null } })
  const snapshot = useSelector(actorRef, (s) => s)
  const phase = callPhase(snapshot)
  const { consented, errorMessage, muted, assistantSpeaking, volume, captions, elapsedSeconds } = snapshot.context
  const inCall = phase === 'active'

  return (
    <details className="group fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] z-40">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full bg-sky-700 px-4 py-3 font-semibold text-white shadow-lg shadow-black/40 hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
        </svg>
        <span>Talk to our AI</span>
        {inCall && <span aria-hidden="true" className="size-2 rounded-full bg-emerald-300 motion-safe:animate-pulse" />}
      </summary>
      <section
        aria-labelledby="voice-widget-title"
        className="absolute right-0 bottom-full mb-3 max-h-[calc(100dvh-6rem)] w-[min(20rem,calc(100vw-2rem))] space-y-3 overflow-y-auto rounded-xl border border-white/10 bg-slate-900 p-4 text-slate-100 shadow-2xl shadow-black/50"
      >
        <h2 id="voice-widget-title" className="text-base font-semibold">
          Voice assistant
        </h2>
        {phase === 'unconfigured' ? (
          <p className="text-sm text-slate-300">{NOT_CONFIGURED}</p>
        ) : (
          <>
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
                disabled={phase === 'connecting' || phase === 'ending'}
                onClick={() => actorRef.send({ type: inCall ? 'END_CALL' : 'START' })}
                onPointerEnter={() => actorRef.send({ type: 'PREFETCH' })}
                onFocus={() => actorRef.send({ type: 'PREFETCH' })}
                className={`flex-1 rounded-lg px-4 py-2.5 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-70 ${
                  inCall ? 'bg-red-700 hover:bg-red-800' : 'bg-sky-700 hover:bg-sky-800'
                }`}
              >
                {CALL_BUTTON_LABELS[phase]}
              </button>
              {inCall && (
                <button
                  type="button"
                  aria-pressed={muted}
                  onClick={() => actorRef.send({ type: 'TOGGLE_MUTE' })}
                  className="rounded-lg border border-white/20 px-3 py-2.5 text-sm font-semibold text-white hover:bg-white/10 aria-pressed:bg-amber-600 aria-pressed:border-amber-500"
                >
                  Mute
                </button>
              )}
            </div>
          </>
        )}
      </section>
    </details>
  )
}
