import { fromPromise } from 'xstate'
import { voiceCallMachine } from '../../machines/voiceCall'
import { readVoiceConsent, writeVoiceConsent } from '../lib/voice/consent'
import { getVoiceAdapter } from '../lib/voice/index'
import { requestMicrophone } from '../lib/voice/microphone'
import { voiceClientLogic } from '../lib/voice/voiceClientActor'

export const voiceCallLogic = voiceCallMachine.provide({
  actors: {
    voiceClient: voiceClientLogic(getVoiceAdapter),
    requestMicrophone: fromPromise<void>(() => requestMicrophone()),
  },
  actions: {
    restoreConsent: ({ self }) => {
      if (readVoiceConsent()) self.send({ type: 'CONSENT_RESTORED' })
    },
    rememberConsent: () => writeVoiceConsent(),
  },
})
