/**
 * The voice client over @vapi-ai/web (docs/design.md#voice): a thin translation, with no call state of its own.
 * SDK events become listener calls (the machine's CALL.* events); the machine's commands become SDK
 * calls. When to start, stop or wait for a start to settle is the voiceCall machine's business.
 *
 * It holds one thing: the page's one SDK instance, created on the first start with its listeners
 * attached before that start() (with no `error` listener the SDK throws inside start()).
 */
import type { VoiceConfig } from '../../config'
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
  ended(): void
  error(message: string): void
  /** The assistant speaking (SDK `speech-start` / `speech-end`). */
  speech(speaking: boolean): void
  /** The assistant's level, 0 to 1 (SDK `volume-level`). */
  volume(level: number): void
  /** The visitor speaking (the platform's `speech-update` message for the user). */
  visitorSpeech(speaking: boolean): void
  /** The visitor's microphone level, 0 to 1 (SDK `local-volume-level`, scaled as the assistant's is). */
  visitorVolume(level: number): void
  transcript(transcript: VoiceTranscript): void
}

export interface VoiceAdapter {
  /** The SDK's start() with the configured assistant: true when a call was joined; rejects with a readable message. */
  start(): Promise<boolean>
  /** The SDK's stop(); nothing to do before the SDK was ever created. */
  stop(): Promise<void>
  /** The SDK's setMuted() (it throws without a call: the machine sends it only while active). */
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

/** The SDK's own scale for the assistant's level (docs/design.md#constants: 1 at a summed level of 0.15), for the visitor's too. */
export const FULL_SCALE_LEVEL = 0.15

const silent: VoiceListener = {
  listening() {},
  ended() {},
  error() {},
  speech() {},
  volume() {},
  visitorSpeech() {},
  visitorVolume() {},
  transcript() {},
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const level = (value: unknown, fullScale = 1) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value / fullScale)) : 0

function toTranscript(message: Record<string, unknown>): VoiceTranscript | undefined {
  if (message.type !== 'transcript' || typeof message.transcript !== 'string') return undefined
  const role = message.role === 'user' ? 'user' : 'assistant'
  return { role, text: message.transcript, final: message.transcriptType === 'final' }
}

export function createVoiceAdapter({ config, createVapi, prefetch }: VoiceAdapterDeps): VoiceAdapter {
  let listener: VoiceListener = silent
  let vapi: Promise<VapiLike> | undefined
  let ready: VapiLike | undefined

  // Attached once, to the one instance, before its first start() (docs/design.md#voice).
  function attach(instance: VapiLike): VapiLike {
    ready = instance
    instance.on('call-start', () => listener.listening())
    instance.on('call-end', () => listener.ended())
    instance.on('speech-start', () => listener.speech(true))
    instance.on('speech-end', () => listener.speech(false))
    instance.on('volume-level', (value: unknown) => listener.volume(level(value)))
    // Listening to it is what makes the SDK start its microphone level observer.
    instance.on('local-volume-level', (value: unknown) => listener.visitorVolume(level(value, FULL_SCALE_LEVEL)))
    instance.on('message', (message: unknown) => {
      if (!isRecord(message)) return
      if (message.type === 'speech-update' && message.role === 'user') {
        listener.visitorSpeech(message.status === 'started')
        return
      }
      const transcript = toTranscript(message)
      if (transcript) listener.transcript(transcript)
    })
    instance.on('error', (payload: unknown) => {
      if (isNonFatal(payload)) return
      // The assistant hanging up ejects us from Daily's room: a normal end, not an error.
      if (isMeetingEnded(payload)) listener.ended()
      else listener.error(describeVoiceError(payload))
    })
    instance.on('camera-error', (payload: unknown) => listener.error(describeCameraError(payload)))
    instance.on('call-start-progress', (progress: unknown) => {
      if (isRecord(progress) && progress.status === 'failed' && isRecord(progress.metadata) && progress.metadata.reason === 'already-started') {
        listener.error(ALREADY_STARTED)
      }
    })
    return instance
  }

  function instance(): Promise<VapiLike> {
    if (!config) return Promise.reject(new Error(NOT_CONFIGURED))
    vapi ??= createVapi({ publicKey: config.publicKey, baseUrl: config.baseUrl }).then(attach)
    vapi.catch(() => {
      vapi = undefined // a failed load (offline) may be retried
    })
    return vapi
  }

  return {
    async start() {
      if (!config) throw new Error(NOT_CONFIGURED)
      const current = await instance().catch(() => {
        throw new Error(SDK_LOAD_FAILED)
      })
      try {
        const call = await current.start(config.assistantId)
        return call !== null && call !== undefined
      } catch (error) {
        throw new Error(describeVoiceError(error))
      }
    },

    async stop() {
      await ready?.stop()
    },

    setMuted(muted: boolean) {
      if (!ready) throw new Error(NO_CALL_OBJECT)
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
}
