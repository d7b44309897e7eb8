/**
 * The voiceCall model options shared by both levels: one sample per guard branch and payload kind,
 * and snapshots collapsed to state + consent (the call timer, captions and levels would otherwise
 * make the graph infinite; the checks look at them against what the executors did).
 */
import type { VoiceCallEvent } from '../../machines/voiceCall'
import type { ModelOptions } from './support/machineModel'

export const NETWORK_LOST = 'The network connection was lost.'

const samples: Record<string, ReadonlyArray<VoiceCallEvent>> = {
  'CALL.START_SETTLED': [
    { type: 'CALL.START_SETTLED', ok: true },
    { type: 'CALL.START_SETTLED', ok: false },
  ],
  'CALL.ERROR': [{ type: 'CALL.ERROR', message: NETWORK_LOST }],
  'CALL.VOLUME': [{ type: 'CALL.VOLUME', level: 0.8 }],
  'CALL.TRANSCRIPT': [{ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora, how can I help you today?', final: true }],
}

export const voiceCallModelOptions = {
  samples,
  serializeState: (s) => JSON.stringify({ value: s.value, consented: (s.context as { consented: boolean }).consented }),
} satisfies ModelOptions
