import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { scrollIntentMachine, type ScrollTarget } from '../../machines/scrollIntent'
import { describeMachinePaths } from './support/machineLevel'
import { scrollIntentModel } from './ui/support/chromeModels'

describeMachinePaths(
  'scrollIntent',
  scrollIntentMachine,
  () => {
    const clock = new SimulatedClock()
    const effects = { navigatedHome: [] as ScrollTarget[], scrolledTo: [] as ScrollTarget[], toTop: 0, faqOpened: 0 }
    const actor = createActor(
      scrollIntentMachine.provide({
        actions: {
          navigateHome: (_, { target }) => void effects.navigatedHome.push(target),
          scrollToTarget: (_, { target }) => void effects.scrolledTo.push(target),
          scrollToTop: () => void (effects.toTop += 1),
          openFirstFaqItem: () => void (effects.faqOpened += 1),
        },
      }),
      { clock, input: scrollIntentModel.input },
    )
    actor.start()
    return { actor, clock, effects, scrolled: 0, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    ...scrollIntentModel,
    events: {
      GO: (sut, event) => sut.actor.send(event),
      PATH_CHANGED: (sut, event) => sut.actor.send(event),
    },
    internal: { advance: (sut, ms) => sut.clock.increment(ms), done: {}, error: {} },
    states: {
      idle: (sut) => {
        const { target } = sut.snapshot().context
        expect(target, 'no intent pending').toBeNull()
        // Nothing more happens by itself.
        const before = JSON.stringify(sut.effects)
        sut.clock.increment(10_000)
        expect(JSON.stringify(sut.effects)).toBe(before)
      },
      navigating: (sut) => {
        const { target, pathname } = sut.snapshot().context
        expect(pathname).not.toBe('/')
        expect(sut.effects.navigatedHome.at(-1), 'navigates to / carrying the flag').toBe(target)
      },
      scrolling: (sut) => {
        expect(sut.snapshot().context.pathname).toBe('/')
        expect(sut.snapshot().context.target).not.toBeNull()
      },
      expandingFaq: (sut) => {
        expect(sut.effects.scrolledTo.at(-1), 'scrolled to the FAQ first').toBe('faq')
        expect(sut.snapshot().context.pathname).toBe('/')
      },
    },
  },
)
