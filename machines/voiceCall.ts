/**
 * The floating voice widget's call (docs/design.md#states, docs/design.md#machines, docs/design.md#voice), its whole lifecycle in one statechart:
 * what the visitor sees (idle, connecting, active, ending, error) and what the voice SDK is doing
 * underneath (its start() still settling, a stop under way). The app's adapter only translates SDK
 * events into CALL.* events and runs the commands the machine invokes: it keeps no state of its own.
 *
 * - The SDK's start() and stop() are promise actors (`startCall`, `stopCall`): a state that waits for
 *   them is a state here, so nothing is started twice and nothing is stopped before its start settles.
 * - `stop()` does not cancel a start under way (docs/design.md#voice): End Call while the SDK starts waits in
 *   `starting.endDeferred` and hangs up once the start has settled.
 * - A failed start shows its error at once (`starting.failed`) but Retry waits for the SDK to settle.
 * - An error during a call shows at once and hangs up (`error.hangingUp`) before Retry is offered.
 *
 * Every transition is one a visitor can cause or see (the path tests walk them all on the real UI).
 */
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import { UNKNOWN_ERROR } from '../core/voiceErrors'
import { providedByApp } from './providedByApp'
import { applyTranscript, type Caption } from './voiceCaptions'

export { UNKNOWN_ERROR }

/** What the machine tells its voice client (an injected actor over the SDK) outside start and stop. */
export type VoiceClientCommand = { type: 'CLIENT.SET_MUTED'; muted: boolean } | { type: 'CLIENT.PREFETCH' }

/** What the voice client reports about the call (the SDK's events, translated). */
export type VoiceClientEvent =
  | { type: 'CALL.LISTENING' }
  | { type: 'CALL.ENDED' }
  | { type: 'CALL.ERROR'; message: string }
  | { type: 'CALL.SPEECH_STARTED' }
  | { type: 'CALL.SPEECH_ENDED' }
  | { type: 'CALL.VOLUME'; level: number }
  | { type: 'CALL.VISITOR_SPEECH_STARTED' }
  | { type: 'CALL.VISITOR_SPEECH_ENDED' }
  | { type: 'CALL.VISITOR_VOLUME'; level: number }
  | { type: 'CALL.TRANSCRIPT'; role: 'assistant' | 'user'; text: string; final: boolean }

export interface VoiceCallContext {
  /** false when the build has no public key or assistant id: the widget says so and calls nothing. */
  configured: boolean
  /** The visitor agreed to the AI-and-recording notice (by starting a call; remembered on this device). */
  consented: boolean
  errorMessage: string
  muted: boolean
  assistantSpeaking: boolean
  /** The assistant's level, 0 to 1. */
  volume: number
  visitorSpeaking: boolean
  /** The visitor's microphone level, 0 to 1. */
  visitorVolume: number
  captions: Caption[]
  elapsedSeconds: number
}

/** What the view sends: the floating call button, Mute, the unconfigured panel's close button. */
export type VoiceCallViewEvent = { type: 'START' } | { type: 'END_CALL' } | { type: 'TOGGLE_MUTE' } | { type: 'PREFETCH' } | { type: 'DISMISS' }

export type VoiceCallEvent = VoiceCallViewEvent | VoiceClientEvent

/**
 * The SDK's start() settling. In the machine's event union (unlike other actors' results), because
 * what it means depends on what happened while it ran: each child of `starting` takes it its own way.
 */
type StartSettled = DoneActorEvent<boolean, 'startCall'> | ErrorActorEvent<unknown, 'startCall'>

export interface VoiceCallInput {
  configured: boolean
  /** The notice was agreed to on an earlier visit (read by the app from storage). */
  consented: boolean
}

/** The call timer's tick (a named delay, so tests drive it with a SimulatedClock). */
export const CALL_TICK_MS = 1000

const quiet = { assistantSpeaking: false, volume: 0, visitorSpeaking: false, visitorVolume: 0 } as const

const errorParams = ({ event }: { event: { error?: unknown } }) => ({ error: event.error })

export const voiceCallMachine = setup({
  types: {
    context: {} as VoiceCallContext,
    events: {} as VoiceCallEvent | StartSettled,
    input: {} as VoiceCallInput,
  },
  actors: {
    /** Receives VoiceClientCommand, sends back VoiceClientEvent, for as long as the widget lives. */
    voiceClient: fromCallback<VoiceClientCommand>(() => providedByApp('voiceClient')),
    /** Asks for the microphone; rejects with an Error whose message the visitor can act on. */
    requestMicrophone: fromPromise<void>(() => providedByApp('requestMicrophone')),
    /** The SDK's start(): true when a call was joined, false when the SDK gave up; rejects with a readable Error. */
    startCall: fromPromise<boolean>(() => providedByApp('startCall')),
    /** The SDK's stop(): settles when the call is gone. */
    stopCall: fromPromise<void>(() => providedByApp('stopCall')),
  },
  delays: {
    callTick: CALL_TICK_MS,
  },
  guards: {
    isUnconfigured: ({ context }) => !context.configured,
    /** start() settled with a call joined. */
    joined: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.startCall')
      return event.output
    },
  },
  actions: {
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
    /** A rejected microphone request or start: its message, written for the visitor by the app. */
    setFailure: assign({
      errorMessage: (_, params: { error: unknown }) =>
        params.error instanceof Error && params.error.message.trim() ? params.error.message : UNKNOWN_ERROR,
    }),
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
    visitorSpeechStarted: assign({ visitorSpeaking: true }),
    visitorSpeechEnded: assign({ visitorSpeaking: false }),
    setVisitorVolume: assign({
      visitorVolume: ({ event }) => {
        assertEvent(event, 'CALL.VISITOR_VOLUME')
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
    consented: input.consented,
    errorMessage: '',
    muted: false,
    ...quiet,
    captions: [],
    elapsedSeconds: 0,
  }),
  invoke: { id: 'voiceClient', src: 'voiceClient' },
  initial: 'idle',
  states: {
    /** No public key or assistant id in this build: nothing is ever called; the button explains and offers a booking. */
    unconfigured: {
      initial: 'closed',
      states: {
        closed: { on: { START: { target: 'explained' } } },
        explained: { on: { DISMISS: { target: 'closed' } } },
      },
    },
    idle: {
      always: { guard: 'isUnconfigured', target: 'unconfigured' },
      on: {
        // Starting means agreeing to the notice beside the button.
        START: { target: 'microphone', actions: ['rememberConsent', 'markConsented'] },
        PREFETCH: { actions: 'prefetchClient' },
      },
    },
    /**
     * Asked inside the click, before the SDK starts (docs/design.md#voice). Nothing is started yet, so ending now
     * just drops the microphone's answer, and what the client reports (a late end or error of an
     * earlier call) is not about this call.
     */
    microphone: {
      entry: ['clearError', 'resetCall'],
      invoke: {
        id: 'requestMicrophone',
        src: 'requestMicrophone',
        onDone: { target: 'starting' },
        onError: { target: 'error', actions: { type: 'setFailure', params: errorParams } },
      },
      on: { END_CALL: { target: 'idle' } },
    },
    /** The SDK's start() is under way; each child says what happens once it settles. */
    starting: {
      invoke: { id: 'startCall', src: 'startCall' },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'xstate.done.actor.startCall': [
              { guard: 'joined', target: '#voiceCall.joined' },
              // The SDK gave up without saying why (a failure it described came first, as CALL.ERROR).
              { target: '#voiceCall.error', actions: 'setUnknownError' },
            ],
            'xstate.error.actor.startCall': { target: '#voiceCall.error', actions: { type: 'setFailure', params: errorParams } },
            // The assistant answered before start() returned: active as soon as it does.
            'CALL.LISTENING': { target: 'heard' },
            // Shown at once; Retry waits until the SDK has finished failing.
            'CALL.ERROR': { target: 'failed', actions: 'setError' },
            // stop() would not cancel the start: hang up once it settles.
            END_CALL: { target: 'endDeferred' },
            'CALL.ENDED': { target: 'endDeferred' },
          },
        },
        heard: {
          on: {
            'xstate.done.actor.startCall': [
              { guard: 'joined', target: '#voiceCall.active' },
              { target: '#voiceCall.error', actions: 'setUnknownError' },
            ],
            'xstate.error.actor.startCall': { target: '#voiceCall.error', actions: { type: 'setFailure', params: errorParams } },
            'CALL.ERROR': { target: 'failed', actions: 'setError' },
            END_CALL: { target: 'endDeferred' },
            'CALL.ENDED': { target: 'endDeferred' },
          },
        },
        /** The error is on screen; the start has not settled yet, so Retry waits. */
        failed: {
          on: {
            'xstate.done.actor.startCall': [
              // Joined despite the error: hang up before offering Retry.
              { guard: 'joined', target: '#voiceCall.error.hangingUp' },
              { target: '#voiceCall.error' },
            ],
            // The error on screen already says what went wrong.
            'xstate.error.actor.startCall': { target: '#voiceCall.error' },
          },
        },
        /** End Call was pressed (or the call ended) while the SDK was starting: hang up once it settles. */
        endDeferred: {
          on: {
            'xstate.done.actor.startCall': [
              { guard: 'joined', target: '#voiceCall.ending' },
              // No call was made: nothing to end, and the visitor asked to end, so no error either.
              { target: '#voiceCall.idle' },
            ],
            'xstate.error.actor.startCall': { target: '#voiceCall.idle' },
          },
        },
      },
    },
    /** start() returned with a call: waiting for the assistant to listen. */
    joined: {
      on: {
        'CALL.LISTENING': { target: 'active' },
        END_CALL: { target: 'ending' },
        'CALL.ERROR': { target: '#voiceCall.error.hangingUp', actions: 'setError' },
        // The call ended before the assistant spoke (the SDK has left the room by itself).
        'CALL.ENDED': { target: 'idle' },
      },
    },
    active: {
      exit: 'quietDown',
      initial: 'counting',
      on: {
        END_CALL: { target: 'ending' },
        // The call ended by itself (the assistant hung up).
        'CALL.ENDED': { target: 'idle' },
        'CALL.ERROR': { target: '#voiceCall.error.hangingUp', actions: 'setError' },
        TOGGLE_MUTE: { actions: ['toggleMuted', 'sendMuted'] },
        'CALL.SPEECH_STARTED': { actions: 'speechStarted' },
        'CALL.SPEECH_ENDED': { actions: 'speechEnded' },
        'CALL.VOLUME': { actions: 'setVolume' },
        'CALL.VISITOR_SPEECH_STARTED': { actions: 'visitorSpeechStarted' },
        'CALL.VISITOR_SPEECH_ENDED': { actions: 'visitorSpeechEnded' },
        'CALL.VISITOR_VOLUME': { actions: 'setVisitorVolume' },
        'CALL.TRANSCRIPT': { actions: 'addTranscript' },
      },
      states: {
        counting: {
          after: { callTick: { target: 'counting', reenter: true, actions: 'tick' } },
        },
      },
    },
    /** stop() is under way: a new call starts only once it has settled (a failed stop leaves no call either). */
    ending: {
      invoke: { id: 'stopCall', src: 'stopCall', onDone: { target: 'idle' }, onError: { target: 'idle' } },
    },
    error: {
      initial: 'ready',
      states: {
        /** The error is on screen; the call it broke is being hung up before Retry is offered. */
        hangingUp: {
          invoke: { id: 'stopCall', src: 'stopCall', onDone: { target: 'ready' }, onError: { target: 'ready' } },
        },
        ready: {
          on: {
            START: { target: '#voiceCall.microphone', actions: ['rememberConsent', 'markConsented'] },
            PREFETCH: { actions: 'prefetchClient' },
            // The box's Close: the widget as before the call, the error gone (the next Start is a new attempt).
            DISMISS: { target: '#voiceCall.idle', actions: 'clearError' },
          },
        },
      },
    },
  },
})

export type VoiceCallMachine = typeof voiceCallMachine

/** What the widget shows for a snapshot: one phase per label of docs/design.md#states. */
export type CallPhase = 'unconfigured' | 'idle' | 'connecting' | 'active' | 'ending' | 'error'

export function callPhase(snapshot: SnapshotFrom<VoiceCallMachine>): CallPhase {
  if (snapshot.matches('unconfigured')) return 'unconfigured'
  // A failed start shows its error at once, while the SDK is still settling it.
  if (snapshot.matches({ starting: 'failed' })) return 'error'
  // End pressed while the SDK starts: the visitor sees it ending (the machine waits for the start to settle).
  if (snapshot.matches({ starting: 'endDeferred' })) return 'ending'
  if (snapshot.matches('microphone') || snapshot.matches('starting') || snapshot.matches('joined')) return 'connecting'
  if (snapshot.matches('active')) return 'active'
  if (snapshot.matches('ending')) return 'ending'
  if (snapshot.matches('error')) return 'error'
  return 'idle'
}
