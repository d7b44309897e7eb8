/**
 * The voiceCall model options shared by both levels: one sample per guard branch and payload kind,
 * and snapshots collapsed to state + consent (the call timer, captions and levels would otherwise
 * make the graph infinite; the checks look at them against what the executors did).
 */
import type { EventObject } from 'xstate'
import type { VoiceCallEvent, VoiceCallInput } from '../../machines/voiceCall'
import type { ModelOptions } from './support/machineModel'

export const NETWORK_LOST = 'The network connection was lost.'
/** What a start() that throws says: a sentence, which the adapter shows as it is (core/voiceErrors.ts). */
export const START_REJECTED = 'Web call creation failed.'

/** The widget of a site with voice settings, and of one without (the default build). */
export const CONFIGURED: VoiceCallInput = { configured: true, consented: false }
export const UNCONFIGURED: VoiceCallInput = { configured: false, consented: false }

const samples: Record<string, ReadonlyArray<(VoiceCallEvent | EventObject) & Record<string, unknown>>> = {
  // start() settles with a call joined, or without one (the SDK gave up).
  'xstate.done.actor.startCall': [
    { type: 'xstate.done.actor.startCall', output: true, actorId: 'startCall' },
    { type: 'xstate.done.actor.startCall', output: false, actorId: 'startCall' },
  ],
  'xstate.error.actor.startCall': [{ type: 'xstate.error.actor.startCall', error: new Error(START_REJECTED), actorId: 'startCall' }],
  'CALL.ERROR': [{ type: 'CALL.ERROR', message: NETWORK_LOST }],
  'CALL.VOLUME': [{ type: 'CALL.VOLUME', level: 0.8 }],
  'CALL.VISITOR_VOLUME': [{ type: 'CALL.VISITOR_VOLUME', level: 0.6 }],
  'CALL.TRANSCRIPT': [{ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora, how can I help you today?', final: true }],
}

export const voiceCallModelOptions = {
  samples,
  serializeState: (s) => JSON.stringify({ value: s.value, consented: (s.context as { consented: boolean }).consented }),
} satisfies ModelOptions

/** Everything of a call: a build without voice settings never sees these events nor reaches these states. */
export const CALL_EVENT_TYPES = [
  'PREFETCH',
  'END_CALL',
  'TOGGLE_MUTE',
  'CALL.LISTENING',
  'CALL.ENDED',
  'CALL.ERROR',
  'CALL.SPEECH_STARTED',
  'CALL.SPEECH_ENDED',
  'CALL.VOLUME',
  'CALL.VISITOR_SPEECH_STARTED',
  'CALL.VISITOR_SPEECH_ENDED',
  'CALL.VISITOR_VOLUME',
  'CALL.TRANSCRIPT',
] as const

export const CALL_STATE_KEYS = [
  'idle',
  'microphone',
  'starting',
  'starting.waiting',
  'starting.heard',
  'starting.failed',
  'starting.endDeferred',
  'joined',
  'active',
  'active.counting',
  'ending',
  'error',
  'error.hangingUp',
  'error.ready',
] as const

/** The widget's states in a build without voice settings, which the configured widget never reaches. */
export const UNCONFIGURED_STATE_KEYS = ['unconfigured', 'unconfigured.closed', 'unconfigured.explained'] as const

/** Executors or checks for what a run cannot meet: each fails the path that meets it. */
export function impossible<K extends string>(keys: readonly K[], why: string): Record<K, () => never> {
  const fail = (key: K) => () => {
    throw new Error(`${key}: ${why}`)
  }
  return Object.fromEntries(keys.map((key) => [key, fail(key)])) as Record<K, () => never>
}
