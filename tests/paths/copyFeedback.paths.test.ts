import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { copyFeedbackMachine } from '../../machines/copyFeedback'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'

const text = 'curl https://api.example.com'

describeMachinePaths(
  'copyFeedback',
  copyFeedbackMachine,
  () => {
    const clipboard = controllablePromiseActor<void, { text: string }>()
    const clock = new SimulatedClock()
    const actor = createActor(copyFeedbackMachine.provide({ actors: { writeClipboard: clipboard.logic } }), { input: { text }, clock })
    actor.start()
    return { actor, clock, clipboard, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    input: { text },
    events: {
      COPY: (sut) => sut.actor.send({ type: 'COPY' }),
    },
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      done: { writeClipboard: (sut) => sut.clipboard.last.settle.resolve() },
      error: { writeClipboard: (sut) => sut.clipboard.last.settle.reject(new Error('denied')) },
    },
    states: {
      idle: () => {},
      copying: (sut) => expect(sut.clipboard.last.input.text).toBe(text),
      copied: () => {},
      failed: () => {},

    },
  },
)
