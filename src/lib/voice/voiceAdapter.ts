/**
 * The voice client over @vapi-ai/web (DESIGN §5): one SDK instance per page, created on the first
 * Start; listeners attached before start(); errors turned into readable text; a stop asked for while
 * the SDK is still starting is carried out once the start settles.
 */
import type { VoiceConfig } from './config'
import {
  ALREADY_STARTED,
  describeCameraError,
  describeVoiceError,
  isMeetingEnded,
  isNonFatal,
  NO_CALL_OBJECT,
  NOT_CONFIGURED,
  SDK_LOAD_FAILED,
} from '../../../core/voiceErrors'
import type { VapiFactoryOptions, VapiLike } from './vapiTypes'

export interface VoiceTranscript {
  role: 'assistant' | 'user'
  text: string
  final: boolean
}

/** What the adapter reports; the machine's client actor turns these into machine events. */
export interface VoiceListener {
  /** The assistant is listening (SDK `call-start`). */
  listening(): void
  /** start() has settled: ok when a call was created and joined. */
  startSettled(ok: boolean): void
  ended(): void
  error(message: string): void
  speech(speaking: boolean): void
  volume(level: number): void
  transcript(transcript: VoiceTranscript): void
}

export interface VoiceAdapter {
  start(): Promise<void>
  stop(): Promise<void>
  setMuted(muted: boolean): void
  /** Loads the SDK ahead of the first Start (hover, focus). */
  prefetch(): void
  /** One listener at a time (the widget's machine); returns the unsubscribe. */
  subscribe(listener: VoiceListener): () => void
}

export interface VoiceAdapterDeps {
  config: VoiceConfig | null
  createVapi: (options: VapiFactoryOptions) => Promise<VapiLike>
  prefetch?: () => Promise<unknown>
}

type Phase = 'idle' | 'starting' | 'inCall' | 'stopping'

const silent: VoiceListener = {
  listening() {},
  startSettled() {},
  ended() {},
  error() {},
  speech() {},
  volume() {},
  transcript() {},
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function toTranscript(message: unknown): VoiceTranscript | undefined {
  if (!isRecord(message) || message.type !== 'transcript' || typeof message.transcript !== 'string') return undefined
  const role = message.role === 'user' ? 'user' : 'assistant'
  return { role, text: message.transcript, final: message.transcriptType === 'final' }
}

export function createVoiceAdapter({ config, createVapi, prefetch }: VoiceAdapterDeps): VoiceAdapter {
  let listener: VoiceListener = silent
  let vapi: Promise<VapiLike> | undefined
  let ready: VapiLike | undefined
  let phase: Phase = 'idle'
  let stopRequested = false
  let restartRequested = false
  let errorDuringStart = false
  let endedDuringStart = false
  let endedSinceStop = false
  let stopping: Promise<void> = Promise.resolve()

  // Attached once, to the one instance, before its first start() (DESIGN §5).
  function attach(instance: VapiLike): VapiLike {
    instance.on('call-start', () => {
      if (phase === 'starting' || phase === 'inCall') listener.listening()
    })
    instance.on('call-end', () => {
      endedSinceStop = true
      if (phase === 'starting') endedDuringStart = true
      if (phase === 'inCall') phase = 'idle'
      listener.speech(false)
      listener.ended()
    })
    instance.on('speech-start', () => listener.speech(true))
    instance.on('speech-end', () => listener.speech(false))
    instance.on('volume-level', (level: unknown) =>
      listener.volume(typeof level === 'number' && Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0),
    )
    instance.on('message', (message: unknown) => {
      const transcript = toTranscript(message)
      if (transcript) listener.transcript(transcript)
    })
    instance.on('error', (payload: unknown) => {
      if (isNonFatal(payload)) return
      // The assistant hanging up ejects us from Daily's room: a normal end, not an error.
      if (isMeetingEnded(payload)) {
        endedSinceStop = true
        if (phase === 'inCall') phase = 'idle'
        listener.ended()
        return
      }
      if (phase === 'starting') errorDuringStart = true
      listener.error(describeVoiceError(payload))
    })
    instance.on('camera-error', (payload: unknown) => {
      if (phase === 'starting') errorDuringStart = true
      listener.error(describeCameraError(payload))
    })
    instance.on('call-start-progress', (progress: unknown) => {
      if (isRecord(progress) && progress.status === 'failed' && isRecord(progress.metadata) && progress.metadata.reason === 'already-started') {
        errorDuringStart = true
        listener.error(ALREADY_STARTED)
      }
    })
    return instance
  }

  function instance(): Promise<VapiLike> {
    if (!config) return Promise.reject(new Error(NOT_CONFIGURED))
    vapi ??= createVapi({ publicKey: config.publicKey, baseUrl: config.baseUrl }).then((created) => (ready = attach(created)))
    vapi.catch(() => {
      vapi = undefined
    })
    return vapi
  }

  async function stopNow(current: VapiLike): Promise<void> {
    phase = 'stopping'
    endedSinceStop = false
    try {
      await current.stop()
    } catch {
      // Daily may already be gone; the call is over either way.
    }
    if (phase === 'stopping') phase = 'idle'
    // A stop before the call was joined ends without the SDK's call-end.
    if (!endedSinceStop) listener.ended()
  }

  const adapter: VoiceAdapter = {
    async start() {
      if (!config) {
        listener.error(NOT_CONFIGURED)
        return
      }
      if (phase === 'starting' && errorDuringStart) {
        // Retry pressed after the error but before the failed start settled: start again once it has.
        restartRequested = true
        return
      }
      if (phase === 'starting' || phase === 'inCall') return // a second start while one is under way does nothing
      phase = 'starting'
      stopRequested = false
      restartRequested = false
      errorDuringStart = false
      endedDuringStart = false
      await stopping
      let current: VapiLike
      try {
        current = await instance()
      } catch {
        phase = 'idle'
        listener.error(SDK_LOAD_FAILED)
        listener.startSettled(false)
        return
      }
      let call: unknown = null
      try {
        call = await current.start(config.assistantId)
      } catch (error) {
        if (!errorDuringStart) {
          errorDuringStart = true
          listener.error(describeVoiceError(error))
        }
      }
      const ok = call !== null && call !== undefined
      phase = ok && !endedDuringStart ? 'inCall' : 'idle'
      // A failure nobody described settles as not ok: the machine says 'An unknown error occurred.',
      // unless End was pressed meanwhile (then the call just ends).
      listener.startSettled(ok)
      // A stop asked for during the start, or an error reported while joining: end the call now.
      if (phase === 'inCall' && (stopRequested || errorDuringStart)) {
        stopping = stopNow(current)
        await stopping
      }
      stopRequested = false
      if (restartRequested) {
        restartRequested = false
        await adapter.start()
      }
    },

    async stop() {
      if (phase === 'starting') {
        // stop() does not cancel the SDK's start: carry it out once the start settles.
        stopRequested = true
        return
      }
      if (phase !== 'inCall' || !ready) return
      stopping = stopNow(ready)
      await stopping
    },

    setMuted(muted: boolean) {
      // The SDK throws without a call; the machine only sends this while active, and we guard too.
      if (phase !== 'inCall' || !ready) throw new Error(NO_CALL_OBJECT)
      ready.setMuted(muted)
    },

    prefetch() {
      if (config && prefetch) prefetch().catch(() => {})
    },

    subscribe(next: VoiceListener) {
      listener = next
      return () => {
        if (listener === next) listener = silent
      }
    },
  }
  return adapter
}
