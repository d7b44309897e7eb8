import { fromCallback, fromPromise } from 'xstate'
import { particleBackgroundMachine, type ParticleBackgroundEvent } from '../../machines/particleBackground'
import { afterFirstPaintInView } from '../lib/dom/pageEnvironment'
import { watchPageEnvironment } from '../lib/dom/watchPageEnvironment'

export const particleBackgroundLogic = particleBackgroundMachine.provide({
  actors: {
    pageEnvironment: fromCallback<ParticleBackgroundEvent>(({ sendBack }) => watchPageEnvironment(sendBack)),
    // The canvas's files wait for an open dialog to close: it covers the particles (docs/performance.md#what-waits-behind-a-dialog).
    afterFirstPaint: fromPromise(() => afterFirstPaintInView()),
  },
})
