/** What the widget shows for a voiceCall snapshot: one phase per label of docs/design.md#states. */
import type { SnapshotFrom } from 'xstate'
import type { voiceCallMachine } from '../../../machines/voiceCall'

export type VoiceCallSnapshot = SnapshotFrom<typeof voiceCallMachine>

export type CallPhase = 'unconfigured' | 'idle' | 'connecting' | 'active' | 'ending' | 'error'

export function callPhase(snapshot: VoiceCallSnapshot): CallPhase {
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
