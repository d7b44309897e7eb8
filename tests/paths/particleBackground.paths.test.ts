import { expect } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { particleBackgroundMachine, PIXELS_PER_PARTICLE } from '../../machines/particleBackground'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import { particleBackgroundModel } from './ui/support/chromeModels'

describeMachinePaths(
  'particleBackground',
  particleBackgroundMachine,
  () => {
    const idle = controllablePromiseActor<void>()
    const clock = new SimulatedClock()
    // The page's signals are sent by the executors, as the environment watcher would send them.
    const actor = createActor(
      particleBackgroundMachine.provide({ actors: { pageEnvironment: fromCallback(() => () => {}), afterFirstPaint: idle.logic } }),
      { clock },
    )
    actor.start()
    /** Whether the page last said the tab is hidden: a tab is visible until it says otherwise. */
    return { actor, clock, idle, hidden: false, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    ...particleBackgroundModel,
    events: {
      MOTION_PREFERENCE: (sut, event) => sut.actor.send(event),
      VISIBILITY_CHANGED: (sut, event) => {
        sut.hidden = event.hidden
        sut.actor.send(event)
      },
      RESIZED: (sut, event) => sut.actor.send(event),
    },
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      done: { afterFirstPaint: (sut) => sut.idle.last.settle.resolve() },
      error: {},
    },
    states: {
      undecided: (sut) => expect(sut.idle.calls).toHaveLength(0),
      off: (sut) => expect(sut.snapshot().children.afterFirstPaint, 'nothing is loading').toBeUndefined(),
      waitingForIdle: (sut) => expect(sut.snapshot().children.afterFirstPaint, 'waiting for the browser to be idle').toBeDefined(),
      shown: (sut) => {
        const { count, viewport } = sut.snapshot().context
        // Worked out here, not by the machine's particleCount: at least one, else the area over the pixels per particle.
        expect(count, 'one particle per 15000 square pixels of the counted viewport').toBe(Math.max(1, Math.round((viewport.width * viewport.height) / PIXELS_PER_PARTICLE)))
        expect(count).toBeGreaterThanOrEqual(1)
        expect(sut.snapshot().context.tabHidden, 'as the page last said').toBe(sut.hidden)
      },
      'shown.animation': () => {},
      'shown.animation.playing': (sut) => expect(sut.snapshot().context.tabHidden).toBe(false),
      'shown.animation.paused': (sut) => expect(sut.snapshot().context.tabHidden).toBe(true),
      'shown.size': () => {},
      'shown.size.steady': (sut) => {
        const { viewport, pendingViewport } = sut.snapshot().context
        expect(viewport, 'the count follows the latest size').toEqual(pendingViewport)
      },
      'shown.size.settling': () => {},
    },
  },
)
