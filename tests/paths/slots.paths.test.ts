import { expect } from 'vitest'
import { createActor } from 'xstate'
import { slotsMachine } from '../../machines/slots'
import type { SlotsByDate } from '../../core/slotWindow'
import type { SlotsQuery } from '../../core/slotWindow'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import { dayAfter, SLOTS_FAILURE, slotsInput, slotsModel, TIME_ZONE, TODAY, TODAY_SLOTS } from './ui/support/bookingModel'

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
      /** Days the visitor moved from today, and the requests the machine should have made so far. */
      offset: 0,
      requests: 1,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    ...slotsModel,
    events: {
      PREVIOUS_DAY: (sut, event) => {
        sut.offset--
        sut.requests++
        sut.actor.send(event)
      },
      NEXT_DAY: (sut, event) => {
        sut.offset++
        sut.requests++
        sut.actor.send(event)
      },
      RETRY: (sut, event) => {
        sut.requests++
        sut.actor.send(event)
      },
      RELOAD: (sut, event) => {
        sut.requests++
        sut.actor.send(event)
      },
    },
    internal: {
      advance: () => {
        throw new Error('The slots machine has no delays.')
      },
      done: { loadSlots: (sut, event) => sut.loads.last.settle.resolve(event.output as SlotsByDate) },
      error: { loadSlots: (sut) => sut.loads.last.settle.reject(SLOTS_FAILURE.error) },
    },
    states: {
      loading: (sut) => {
        const { context } = sut.snapshot()
        const day = dayAfter(TODAY, sut.offset)
        expect(context.day).toBe(day)
        expect(context.slots).toEqual([])
        // Every move, retry and reload is a new request, for the selected day.
        expect(sut.loads.calls).toHaveLength(sut.requests)
        expect(sut.loads.last.input).toEqual({ day, timeZone: TIME_ZONE })
        expect(sut.snapshot().can({ type: 'PREVIOUS_DAY' })).toBe(sut.offset > 0)
      },
      loaded: (sut) => {
        const { context } = sut.snapshot()
        expect(context.day).toBe(dayAfter(TODAY, sut.offset))
        expect(context.slots).toEqual(TODAY_SLOTS.map((s) => s.time))
        expect(sut.loads.calls).toHaveLength(sut.requests)
      },
      empty: (sut) => {
        expect(sut.snapshot().context.slots).toEqual([])
        expect(sut.snapshot().context.day).toBe(dayAfter(TODAY, sut.offset))
        expect(sut.loads.calls).toHaveLength(sut.requests)
      },
      failed: (sut) => {
        expect(sut.snapshot().context.slots).toEqual([])
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(true)
        expect(sut.loads.calls).toHaveLength(sut.requests)
      },
    },
  },
)
