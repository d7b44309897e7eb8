import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { HOME_PATH, SCROLL_DELAY_MS, scrollIntentMachine, type ScrollIntentInput, type ScrollTarget } from '../../machines/scrollIntent'
import { describeMachinePaths } from './support/machineLevel'
import { scrollIntentModel } from './ui/support/chromeModels'

/** An actor created without input (the type asks for one; the machine falls back to / all the same). */
const NO_INPUT = undefined as unknown as ScrollIntentInput

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
    /** Followed from the steps, not read from the machine: where the visitor is, the pending intent, the scrolls due. */
    const expected = { path: scrollIntentModel.input.pathname, intent: null as ScrollTarget | null, scrolls: [] as ScrollTarget[], navigations: [] as ScrollTarget[] }
    return { actor, clock, effects, expected, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    ...scrollIntentModel,
    // Services and process share a vertex, so the paths scroll to the first of them in the samples: process here
    // (the UI level walks services), so a scroll that goes to another section than the one asked for is noticed.
    samples: { ...scrollIntentModel.samples, GO: [...scrollIntentModel.samples.GO].reverse() },
    events: {
      GO: (sut, event) => {
        sut.expected.intent = event.target
        // Away from /, every request navigates there with its own flag (one under way too).
        if (sut.expected.path !== HOME_PATH) sut.expected.navigations.push(event.target)
        sut.actor.send(event)
      },
      PATH_CHANGED: (sut, event) => {
        const e = sut.expected
        // Leaving / drops the intent; arriving on / from elsewhere with no intent pending takes the flag's.
        if (event.pathname !== HOME_PATH) e.intent = null
        else if (e.path !== HOME_PATH && e.intent === null) e.intent = event.scrollTo ?? null
        e.path = event.pathname
        sut.actor.send(event)
      },
    },
    internal: {
      advance: (sut, ms) => {
        const e = sut.expected
        // The scroll delay ends in the scroll to the intent's section; the FAQ's delay (after it) ends the intent.
        if (ms === SCROLL_DELAY_MS && e.intent) e.scrolls.push(e.intent)
        if (ms !== SCROLL_DELAY_MS || e.intent !== 'faq') e.intent = null
        sut.clock.increment(ms)
      },
      done: {},
      error: {},
    },
    states: {
      idle: (sut) => {
        const { target, pathname } = sut.snapshot().context
        expect(target, 'no intent pending').toBeNull()
        expect(pathname, 'where the visitor is').toBe(sut.expected.path)
        expect(sut.effects.scrolledTo, 'each scroll went to the section asked for').toEqual(sut.expected.scrolls)
        expect(sut.effects.navigatedHome, 'each request away from / navigated there').toEqual(sut.expected.navigations)
        // Started before the app knows the path (no input), the machine takes the visitor to be on /.
        expect(createActor(scrollIntentMachine, { input: NO_INPUT }).getSnapshot().context.pathname).toBe(HOME_PATH)
        // Nothing more happens by itself.
        const before = JSON.stringify(sut.effects)
        sut.clock.increment(10_000)
        expect(JSON.stringify(sut.effects)).toBe(before)
      },
      navigating: (sut) => {
        const { target, pathname } = sut.snapshot().context
        expect(pathname).not.toBe('/')
        expect(pathname, 'where the visitor is').toBe(sut.expected.path)
        expect(target).toBe(sut.expected.intent)
        expect(sut.effects.navigatedHome.at(-1), 'navigates to / carrying the flag').toBe(target)
        expect(sut.effects.navigatedHome, 'each request away from / navigated there').toEqual(sut.expected.navigations)
      },
      scrolling: (sut) => {
        expect(sut.snapshot().context.pathname).toBe('/')
        expect(sut.snapshot().context.target).not.toBeNull()
        expect(sut.snapshot().context.target).toBe(sut.expected.intent)
        expect(sut.effects.scrolledTo, 'no scroll before the delay').toEqual(sut.expected.scrolls)
        // Not a millisecond early, counted from the last request: a new one starts the delay again.
        sut.clock.increment(SCROLL_DELAY_MS - 1)
        expect(sut.effects.scrolledTo, 'no scroll before the delay').toEqual(sut.expected.scrolls)
      },
      expandingFaq: (sut) => {
        expect(sut.effects.scrolledTo.at(-1), 'scrolled to the FAQ first').toBe('faq')
        expect(sut.effects.scrolledTo).toEqual(sut.expected.scrolls)
        expect(sut.snapshot().context.pathname).toBe('/')
      },
    },
  },
)
