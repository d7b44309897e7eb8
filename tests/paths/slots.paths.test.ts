import { expect } from 'vitest'
import { createActor } from 'xstate'
import { dayRow, slotsMachine, slotsStatus, type SlotsSnapshot } from '../../machines/slots'
import { mergeDaySlots, type SlotsByDate, type SlotsQuery } from '../../core/slotWindow'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import { SLOTS_FAILURE, slotsInput, slotsModel, TOMORROW, WITH_SLOTS } from './ui/support/bookingModel'
import { expectedSlots, type ExpectedSlots } from './ui/support/slotsExpectation'

describeMachinePaths(
  'slots',
  slotsMachine,
  () => {
    const loads = controllablePromiseActor<SlotsByDate, SlotsQuery>()
    const actor = createActor(slotsMachine.provide({ actors: { loadSlots: loads.logic } }), { input: slotsInput })
    actor.start()
    return {
      actor,
      loads,
      /** What the visitor should see and the requests the machine should have made so far. */
      expected: expectedSlots(),
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    ...slotsModel,
    samples: {
      ...slotsModel.samples,
      // A window whose first free day is not today, so opening on it must move the picker (docs/design.md#machines).
      'xstate.done.actor.loadSlots': [
        ...slotsModel.samples['xstate.done.actor.loadSlots']!,
        { type: 'xstate.done.actor.loadSlots', output: { [TOMORROW]: WITH_SLOTS[TOMORROW]! } },
      ],
    },
    views: { slotsStatus },
    events: {
      PREVIOUS_DAY: (sut, event) => {
        sut.expected.move(-1)
        sut.actor.send(event)
      },
      NEXT_DAY: (sut, event) => {
        sut.expected.move(1)
        sut.actor.send(event)
      },
      DAY_CHOSEN: (sut, event) => {
        sut.expected.choose(event.day)
        sut.actor.send(event)
      },
      NEXT_FREE_DAY_CHOSEN: (sut, event) => {
        sut.expected.goToNextFree()
        sut.actor.send(event)
      },
      RETRY: (sut, event) => {
        sut.expected.load()
        sut.actor.send(event)
      },
      RELOAD: (sut, event) => {
        sut.expected.reload()
        sut.actor.send(event)
      },
      ZONE_CHANGED: (sut, event) => {
        sut.expected.changeZone(event.timeZone)
        sut.actor.send(event)
      },
    },
    internal: {
      advance: () => {
        throw new Error('The slots machine has no delays.')
      },
      done: {
        loadSlots: (sut, event) => {
          sut.expected.answer(event.output as SlotsByDate)
          sut.loads.last.settle.resolve(event.output as SlotsByDate)
        },
        findNextFree: (sut, event) => {
          sut.expected.answerLookahead(event.output as SlotsByDate)
          sut.loads.last.settle.resolve(event.output as SlotsByDate)
        },
      },
      error: {
        loadSlots: (sut) => sut.loads.last.settle.reject(SLOTS_FAILURE.error),
        findNextFree: (sut) => sut.loads.last.settle.reject(SLOTS_FAILURE.error),
      },
    },
    states: {
      loading: (sut) => {
        const { context } = sut.snapshot()
        const e = sut.expected
        expect(context.day).toBe(e.day)
        expect(context.slots).toEqual([])
        // Every load is one request, for the selected day's window (the row's, on a reload), in the zone chosen.
        expect(sut.loads.calls).toHaveLength(e.requests)
        expect(sut.loads.last.input).toEqual({ day: e.windowDay, timeZone: e.timeZone })
        expect(sut.snapshot().can({ type: 'PREVIOUS_DAY' })).toBe(e.day > e.today)
        expect(dayRow(sut.snapshot()).every((d) => d.count === null)).toBe(true)
      },
      searching: (sut) => {
        const e = sut.expected
        // The row had no free day: one look-ahead from the day after it.
        expect(sut.loads.calls).toHaveLength(e.requests)
        expect(sut.loads.last.input).toEqual({ day: e.lookaheadFrom(), timeZone: e.timeZone, lookahead: true })
        expect(dayRow(sut.snapshot()).map((d) => d.count)).toEqual(e.row().map(() => 0))
      },
      ready: (sut) => {
        const e = sut.expected
        expect(sut.snapshot().context.day).toBe(e.day)
        expect(sut.loads.calls).toHaveLength(e.requests)
        expectRow(sut.snapshot(), e)
      },
      'ready.loaded': (sut) => {
        const { context } = sut.snapshot()
        expect(context.slots).toEqual(sut.expected.daySlots())
        expect(context.slots.length).toBeGreaterThan(0)
      },
      'ready.empty': (sut) => {
        expect(sut.snapshot().context.slots).toEqual([])
        expect(sut.expected.daySlots()).toEqual([])
      },
      'ready.noTimesThisWeek': (sut) => {
        const { context } = sut.snapshot()
        expect(context.nextFree).toBe(sut.expected.nextFree)
        expect(context.slots).toEqual([])
        expect(sut.snapshot().can({ type: 'NEXT_FREE_DAY_CHOSEN' })).toBe(sut.expected.nextFree !== null)
      },
      failed: (sut) => {
        expect(sut.snapshot().context.slots).toEqual([])
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(true)
        expect(sut.loads.calls).toHaveLength(sut.expected.requests)
      },
    },
  },
)

/** The row: the seven expected days, each with its number of free times, the selected one marked. */
function expectRow(snapshot: SlotsSnapshot, e: ExpectedSlots) {
  expect(dayRow(snapshot)).toEqual(
    e.row().map((day) => ({ day, count: mergeDaySlots(e.window ?? {}, day, e.timeZone).length, selected: day === e.day })),
  )
}
