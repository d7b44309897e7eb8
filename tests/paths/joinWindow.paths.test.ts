import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { JOIN_OPENS_BEFORE_MS, joinStatus, joinWindowMachine } from '../../machines/joinWindow'
import { describeMachinePaths } from './support/machineLevel'
import { NOW } from './ui/support/bookingModel'
import { JOINABLE, joinWindowInput, joinWindowModel, untilCallEnds, untilJoinOpens } from './ui/support/joinWindowModel'

/** Thirty days after NOW: past what a timer set when the page opened can wait for. */
const WEEKS_AWAY = { startTime: new Date(Date.parse(NOW) + 30 * 86_400_000).toISOString(), endTime: new Date(Date.parse(NOW) + 30 * 86_400_000 + 15 * 60_000).toISOString() }

describeMachinePaths(
  'joinWindow',
  joinWindowMachine,
  (input) => {
    // The page's clock: NOW when it opens, then as the path moves it.
    const clock = new SimulatedClock()
    const actor = createActor(joinWindowMachine, { input: { ...input, clock: () => Date.parse(NOW) + clock.now() }, clock })
    actor.start()
    return { actor, clock, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    ...joinWindowModel,
    // A call further away than a browser timer reaches (about 24.8 days): the window's timer is refused by its guard.
    variants: { 'a call weeks away': { ...joinWindowModel, input: { ...joinWindowInput, startTime: WEEKS_AWAY.startTime, endTime: WEEKS_AWAY.endTime } } },
    events: {},
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      delays: {
        // A millisecond early nothing happens; on the moment it does.
        joinOpens: (sut) => {
          const ms = untilJoinOpens(sut.clock.now())
          sut.clock.increment(ms - 1)
          expect(joinStatus(sut.actor.getSnapshot())).toBe('before')
          return 1
        },
        callEnds: (sut) => {
          const ms = untilCallEnds(sut.clock.now())
          sut.clock.increment(ms - 1)
          expect(joinStatus(sut.actor.getSnapshot())).toBe('open')
          return 1
        },
      },
      done: {},
      error: {},
    },
    states: {
      before: (sut) => expect(Date.parse(NOW) + sut.clock.now()).toBeLessThan(Date.parse(sut.actor.getSnapshot().context.startTime) - JOIN_OPENS_BEFORE_MS),
      open: (sut) => expect(Date.parse(NOW) + sut.clock.now()).toBe(Date.parse(JOINABLE.startTime) - JOIN_OPENS_BEFORE_MS),
      over: (sut) => expect(Date.parse(NOW) + sut.clock.now()).toBe(Date.parse(JOINABLE.endTime)),
    },
  },
)
