import { fromCallback, fromPromise } from 'xstate'
import { particleBackgroundMachine, type ParticleBackgroundEvent } from '../../machines/particleBackground'
import { afterFirstPaint, watchPageEnvironment } from '../lib/dom/pageEnvironment'

export const particleBackgroundLogic = particleBackgroundMachine.provide({
  actors: {
    pageEnvironment: fromCallback<ParticleBackgroundEvent>(({ sendBack }) => watchPageEnvironment(sendBack)),
    afterFirstPaint: fromPromise(() => afterFirstPaint()),
  },
})
