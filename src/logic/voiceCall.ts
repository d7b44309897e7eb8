import { fromPromise } from 'xstate'
import { voiceCallMachine, type VoiceCallInput } from '../../machines/voiceCall'
import { voiceConfig } from '../config'
import { readVoiceConsent, writeVoiceConsent } from '../lib/voice/consent'
import { getVoiceAdapter } from '../lib/voice/index'
import { requestMicrophone } from '../lib/voice/microphone'
import { startCallLogic, stopCallLogic, voiceClientLogic } from '../lib/voice/voiceClientActor'

export const voiceCallLogic = voiceCallMachine.provide({
  actors: {
    voiceClient: voiceClientLogic(getVoiceAdapter),
    requestMicrophone: fromPromise<void>(() => requestMicrophone()),
    startCall: startCallLogic(getVoiceAdapter),
    stopCall: stopCallLogic(getVoiceAdapter),
  },
  actions: {
    rememberConsent: () => writeVoiceConsent(),
  },
})

/**
 * The machine's input, read when the widget's interactive part mounts. That part is never prerendered
 * (it loads after the page, VoiceWidget), so reading storage here cannot upset hydration.
 */
export function voiceCallInput(): VoiceCallInput {
  return { configured: voiceConfig !== null, consented: voiceConfig !== null && readVoiceConsent() }
}
