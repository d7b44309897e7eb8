/**
 * The floating voice widget's call (SPEC §4, DESIGN §2, §5): idle or error → connecting on Start;
 * connecting → active when the assistant is listening; active → ending on End Call; ending → idle
 * when the call ends; any error → error with its message. End Call while connecting is honoured once
 * the SDK's start settles (DESIGN §5). The voice client is an injected actor.
 * Every transition is one a visitor can cause or see (the path tests walk them all on the real UI).
 */
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { UNKNOWN_ERROR } from '../core/voiceErrors'
import { providedByApp } from './providedByApp'
import { applyTranscript, type Caption } from './voiceCaptions'

export { UNKNOWN_ERROR }

/** What the machine tells its voice client (an injected actor over the SDK). */
export type VoiceClientCommand = { type: 'CLIENT.START' } | { type: 'CLIENT.STOP' } | { type: 'CLIENT.SET_MUTED'; muted: boolean } | { type: 'CLIENT.PREFETCH' }

/** What the voice client reports about the call. */
export type VoiceClientEvent =
  | { type: 'CALL.LISTENING' }
  | { type: 'CALL.START_SETTLED'; ok: boolean }
  | { type: 'CALL.ENDED' }
  | { type: 'CALL.ERROR'; message: string }
  | { type: 'CALL.SPEECH_STARTED' }
  | { type: 'CALL.SPEECH_ENDED' }
  | { type: 'CALL.VOLUME'; level: number }
  | { type: 'CALL.TRANSCRIPT'; role: 'assistant' | 'user'; text: string; final: boolean }

export interface VoiceCallContext {
  /** false when the build has no public key or assistant id: the widget says so and calls nothing. */
  configured: boolean
  /** The visitor agreed to the AI-and-recording notice (remembered on this device). */
  consented: boolean
  errorMessage: string
  muted: boolean
  assistantSpeaking: boolean
  /** The assistant's level, 0 to 1. */
  volume: number
  captions: Caption[]
  elapsedSeconds: number
}

export type VoiceCallViewEvent = { type: 'START' } | { type: 'END_CALL' } | { type: 'TOGGLE_MUTE' } | { type: 'PREFETCH' }

export type VoiceCallEvent = VoiceCallViewEvent | VoiceClientEvent | { type: 'CONSENT_RESTORED' }

export interface VoiceCallInput {
  configured: boolean
}

/** The call timer's tick (a named delay, so tests drive it with a SimulatedClock). */
export const CALL_TICK_MS = 1000

const quiet = { assistantSpeaking: false, volume: 0 } as const

export const voiceCallMachine = setup({
  types: {
    context: {} as VoiceCallContext,
    events: {} as VoiceCallEvent,
    input: {} as VoiceCallInput,
  },
  actors: {
    /** Receives VoiceClientCommand, sends back VoiceClientEvent. */
    voiceClient: fromCallback<VoiceClientCommand>(() => providedByApp('voiceClient')),
    /** Asks for the microphone; rejects with an Error whose message the visitor can act on. */
    requestMicrophone: fromPromise<void>(() => providedByApp('requestMicrophone')),
  },
  delays: {
    callTick: CALL_TICK_MS,
  },
  guards: {
    isUnconfigured: ({ context }) => !context.configured,
    startFailed: ({ event }) => {
      assertEvent(event, 'CALL.START_SETTLED')
      return !event.ok
    },
  },
  actions: {
    // Storage is read after hydration (on start), so the prerendered notice and the first render agree:
    // the app's action sends CONSENT_RESTORED when the visitor agreed before.
    restoreConsent: () => providedByApp('restoreConsent'),
    rememberConsent: () => providedByApp('rememberConsent'),
    markConsented: assign({ consented: true }),
    clearError: assign({ errorMessage: '' }),
    resetCall: assign({ muted: false, ...quiet, captions: [], elapsedSeconds: 0 }),
    setError: assign({
      errorMessage: ({ event }) => {
        assertEvent(event, 'CALL.ERROR')
        return event.message.trim() ? event.message : UNKNOWN_ERROR
      },
    }),
    setUnknownError: assign({ errorMessage: UNKNOWN_ERROR }),
    setMicrophoneError: assign({
      errorMessage: (_, params: { error: unknown }) =>
        params.error instanceof Error && params.error.message ? params.error.message : UNKNOWN_ERROR,
    }),
    startCall: sendTo('voiceClient', { type: 'CLIENT.START' } satisfies VoiceClientCommand),
    stopCall: sendTo('voiceClient', { type: 'CLIENT.STOP' } satisfies VoiceClientCommand),
    prefetchClient: sendTo('voiceClient', { type: 'CLIENT.PREFETCH' } satisfies VoiceClientCommand),
    toggleMuted: assign({ muted: ({ context }) => !context.muted }),
    sendMuted: sendTo('voiceClient', ({ context }): VoiceClientCommand => ({ type: 'CLIENT.SET_MUTED', muted: context.muted })),
    speechStarted: assign({ assistantSpeaking: true }),
    speechEnded: assign({ assistantSpeaking: false }),
    setVolume: assign({
      volume: ({ event }) => {
        assertEvent(event, 'CALL.VOLUME')
        return event.level
      },
    }),
    addTranscript: assign({
      captions: ({ context, event }) => {
        assertEvent(event, 'CALL.TRANSCRIPT')
        return applyTranscript(context.captions, { role: event.role, text: event.text, final: event.final })
      },
    }),
    tick: assign({ elapsedSeconds: ({ context }) => context.elapsedSeconds + 1 }),
    quietDown: assign({ muted: false, ...quiet }),
  },
}).createMachine({
  id: 'voiceCall',
  context: ({ input }) => ({
    configured: input.configured,
    consented: false,
    errorMessage: '',
    muted: false,
    ...quiet,
    captions: [],
    elapsedSeconds: 0,
  }),
  invoke: { id: 'voiceClient', src: 'voiceClient' },
  entry: 'restoreConsent',
  initial: 'idle',
  states: {
    /** No public key or assistant id in this build: nothing is ever called. */
    unconfigured: {},
    idle: {
      always: { guard: 'isUnconfigured', target: 'unconfigured' },
      on: {
        // Starting means agreeing to the notice.
        START: { target: 'connecting', actions: ['rememberConsent', 'markConsented'] },
        PREFETCH: { actions: 'prefetchClient' },
        // Sent by restoreConsent as the machine starts, which is in idle (or unconfigured, where it means nothing).
        CONSENT_RESTORED: { actions: 'markConsented' },
      },
    },
    connecting: {
      entry: ['clearError', 'resetCall'],
      initial: 'microphone',
      states: {
        /**
         * Asked inside the click, before the SDK starts (DESIGN §5). Nothing is started yet, so what the
         * client reports now (a late end or error of an earlier call) is not about this call.
         */
        microphone: {
          invoke: {
            id: 'requestMicrophone',
            src: 'requestMicrophone',
            onDone: { target: 'starting' },
            onError: {
              target: '#voiceCall.error',
              actions: { type: 'setMicrophoneError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          // Nothing has started yet: ending now just drops the microphone's answer.
          on: { END_CALL: { target: '#voiceCall.idle' } },
        },
        starting: {
          entry: 'startCall',
          on: {
            'CALL.LISTENING': { target: '#voiceCall.active' },
            // Failed without saying why (a failure the SDK described comes first, as CALL.ERROR).
            'CALL.START_SETTLED': { guard: 'startFailed', target: '#voiceCall.error', actions: 'setUnknownError' },
            'CALL.ERROR': { target: '#voiceCall.error', actions: 'setError' },
            'CALL.ENDED': { target: '#voiceCall.idle' },
            // The SDK's stop() does not cancel its start (DESIGN §5): End waits here until the start settles.
            END_CALL: { target: 'endRequested' },
          },
        },
        /** End Call was pressed while the SDK was starting: carried out as soon as the start settles. */
        endRequested: {
          on: {
            'CALL.LISTENING': { target: '#voiceCall.ending' },
            'CALL.START_SETTLED': [
              // No call was made: nothing to end (the visitor asked to end, so no unknown error either).
              { guard: 'startFailed', target: '#voiceCall.idle' },
              { target: '#voiceCall.ending' },
            ],
            'CALL.ERROR': { target: '#voiceCall.error', actions: 'setError' },
            'CALL.ENDED': { target: '#voiceCall.idle' },
          },
        },
      },
    },
    active: {
      exit: 'quietDown',
      initial: 'counting',
      on: {
        END_CALL: { target: 'ending' },
        // The call ended by itself (the assistant hung up).
        'CALL.ENDED': { target: 'idle' },
        'CALL.ERROR': { target: 'error', actions: ['setError', 'stopCall'] },
        TOGGLE_MUTE: { actions: ['toggleMuted', 'sendMuted'] },
        'CALL.SPEECH_STARTED': { actions: 'speechStarted' },
        'CALL.SPEECH_ENDED': { actions: 'speechEnded' },
        'CALL.VOLUME': { actions: 'setVolume' },
        'CALL.TRANSCRIPT': { actions: 'addTranscript' },
      },
      states: {
        counting: {
          after: { callTick: { target: 'counting', reenter: true, actions: 'tick' } },
        },
      },
    },
    ending: {
      entry: 'stopCall',
      on: {
        'CALL.ENDED': { target: 'idle' },
        'CALL.ERROR': { target: 'error', actions: 'setError' },
      },
    },
    error: {
      on: {
        START: { target: 'connecting', actions: ['rememberConsent', 'markConsented'] },
        PREFETCH: { actions: 'prefetchClient' },
      },
    },
  },
})

export type VoiceCallMachine = typeof voiceCallMachine
