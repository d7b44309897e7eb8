/** What the widget shows for a voiceCall snapshot (labels are SPEC §4's). */
import type { SnapshotFrom } from 'xstate'
import type { voiceCallMachine } from '../../../machines/voiceCall'

export type VoiceCallSnapshot = SnapshotFrom<typeof voiceCallMachine>

export type CallPhase = 'unconfigured' | 'idle' | 'connecting' | 'active' | 'ending' | 'error'

export function callPhase(snapshot: VoiceCallSnapshot): CallPhase {
  if (snapshot.matches('unconfigured')) return 'unconfigured'
  // End pressed while the SDK starts: the visitor sees it ending (the machine waits for the start to settle).
  if (snapshot.matches({ connecting: 'endRequested' })) return 'ending'
  if (snapshot.matches('connecting')) return 'connecting'
  if (snapshot.matches('active')) return 'active'
  if (snapshot.matches('ending')) return 'ending'
  if (snapshot.matches('error')) return 'error'
  return 'idle'
}

export const CALL_BUTTON_LABELS: Record<CallPhase, string> = {
  unconfigured: 'Start a call',
  idle: 'Start a call',
  connecting: 'Connecting...',
  active: 'End Call',
  ending: 'Ending...',
  error: 'Retry Call',
}
