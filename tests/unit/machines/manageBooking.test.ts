import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, waitFor } from 'xstate'
import { BookingRejected } from '../../../core/bookingErrors'
import { CANCELLATION_REASON_MAX_LENGTH, type BookingView, type CancelRequest, type RescheduleRequest } from '../../../core/manageWire'
import type { SlotsByDate, SlotsQuery } from '../../../core/slotWindow'
import { closedReason, manageBookingMachine, manageStep, MAX_TIMER_MS } from '../../../machines/manageBooking'
import { slotsMachine } from '../../../machines/slots'
import { controllablePromiseActor, flush } from '../../paths/support/fakes'

const UID = 'b-7'
const ZONE = 'Pacific/Auckland'
// Friday 20 November 2026, 13:00 in Auckland.
const NOW = '2026-11-20T00:00:00Z'
const SLOT = '2026-11-22T21:00:00Z' // Monday 23 November, 10:00 +13:00

const booking: BookingView = {
  uid: UID,
  title: 'Quick Chat between Kiwi Automate and Aroha',
  startTime: '2026-11-24T21:00:00.000Z',
  endTime: '2026-11-24T21:15:00.000Z',
  status: 'ACCEPTED',
  timeZone: ZONE,
  name: 'Aroha',
  user: { username: 'kiwi-automate' },
  canChange: true,
}

const moved: BookingView = { ...booking, startTime: '2026-11-22T21:00:00.000Z', endTime: '2026-11-22T21:15:00.000Z' }

function start() {
  const loads = controllablePromiseActor<BookingView, { uid: string }>()
  const cancels = controllablePromiseActor<void, CancelRequest>()
  const moves = controllablePromiseActor<BookingView, RescheduleRequest>()
  const slotLoads = controllablePromiseActor<SlotsByDate, SlotsQuery>()
  const focused: string[] = []
  // The page's clock: NOW when it opens, then as the test moves it.
  const clock = new SimulatedClock()
  const actor = createActor(
    manageBookingMachine.provide({
      actors: {
        loadBooking: loads.logic,
        cancelBooking: cancels.logic,
        rescheduleBooking: moves.logic,
        slots: slotsMachine.provide({ actors: { loadSlots: slotLoads.logic } }),
      },
      // Records what moved the page to a step whose heading it is asked to focus.
      actions: { focusStepHeading: ({ event }) => void focused.push(event.type) },
    }),
    {
      input: {
        uid: UID,
        timeZone: ZONE,
        hour24: false,
        now: NOW,
        clock: () => Date.parse(NOW) + clock.now(),
        identity: { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat' },
      },
      clock,
    },
  )
  actor.start()
  return { actor, loads, cancels, moves, slotLoads, focused, clock, value: () => actor.getSnapshot().value }
}

async function loaded(view: BookingView = booking) {
  const page = start()
  page.loads.last.settle.resolve(view)
  await flush()
  return page
}

describe('manageBooking: loading', () => {
  it('loads the booking of its uid; one that can change is loaded', async () => {
    const page = start()
    expect(page.value()).toBe('loading')
    expect(page.loads.last.input).toEqual({ uid: UID })
    page.loads.last.settle.resolve(booking)
    await waitFor(page.actor, (s) => s.matches('loaded'))
    expect(page.actor.getSnapshot().context.booking).toEqual(booking)
  })

  it.each([
    ['cancelled', { ...booking, status: 'CANCELLED' as const, canChange: false }],
    ['past', { ...booking, startTime: '2026-11-19T21:00:00.000Z', endTime: '2026-11-19T21:15:00.000Z', canChange: false }],
  ])('a %s booking is read-only and says why', async (reason, view) => {
    const page = await loaded(view)
    expect(page.value()).toBe('readOnly')
    expect(closedReason(page.actor.getSnapshot().context.booking!)).toBe(reason)
    expect(page.actor.getSnapshot().can({ type: 'START_CANCEL' })).toBe(false)
  })

  it('a 404 is not found, whatever the uid; anything else can be retried', async () => {
    const missing = start()
    missing.loads.last.settle.reject(new BookingRejected(404, 'This booking was not found.'))
    await waitFor(missing.actor, (s) => s.matches('notFound'))

    const failing = start()
    failing.loads.last.settle.reject(new TypeError('Failed to fetch'))
    await waitFor(failing.actor, (s) => s.matches('loadFailed'))
    failing.actor.send({ type: 'RETRY' })
    expect(failing.value()).toBe('loading')
    expect(failing.loads.calls).toHaveLength(2)
  })
})

describe('manageBooking: cancelling', () => {
  it('sends the trimmed reason, bounded, and shows the call cancelled', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_CANCEL' })
    expect(page.value()).toBe('confirmingCancel')
    page.actor.send({ type: 'REASON_CHANGED', value: 'x'.repeat(CANCELLATION_REASON_MAX_LENGTH + 20) })
    expect(page.actor.getSnapshot().context.reason).toHaveLength(CANCELLATION_REASON_MAX_LENGTH)
    page.actor.send({ type: 'REASON_CHANGED', value: '  Away that week  ' })
    page.actor.send({ type: 'CONFIRM_CANCEL' })
    expect(page.value()).toBe('cancelling')
    expect(page.cancels.last.input).toEqual({ uid: UID, cancellationReason: 'Away that week' })
    page.cancels.last.settle.resolve()
    await waitFor(page.actor, (s) => s.matches('cancelled'))
    expect(page.actor.getSnapshot().context.booking).toMatchObject({ status: 'CANCELLED', canChange: false })
  })

  it('leaves a blank reason out', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_CANCEL' })
    page.actor.send({ type: 'REASON_CHANGED', value: '   ' })
    page.actor.send({ type: 'CONFIRM_CANCEL' })
    expect(page.cancels.last.input).toEqual({ uid: UID })
  })

  it('a failure shows its sentence and keeps the reason for Retry; going back and starting again is a fresh start', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_CANCEL' })
    page.actor.send({ type: 'REASON_CHANGED', value: 'Sick' })
    page.actor.send({ type: 'CONFIRM_CANCEL' })
    page.cancels.last.settle.reject(new BookingRejected(429, undefined))
    await waitFor(page.actor, (s) => s.matches('cancelFailed'))
    expect(page.actor.getSnapshot().context.error).toBe('Too many requests. Please wait a moment and try again.')
    expect(manageStep(page.actor.getSnapshot())).toBe('confirmingCancel')
    page.actor.send({ type: 'RETRY' })
    expect(page.cancels.last.input).toEqual({ uid: UID, cancellationReason: 'Sick' })
    page.cancels.last.settle.reject(new TypeError('Failed to fetch'))
    await waitFor(page.actor, (s) => s.matches('cancelFailed'))
    page.actor.send({ type: 'BACK' })
    expect(page.value()).toBe('loaded')
    page.actor.send({ type: 'START_CANCEL' })
    expect(page.actor.getSnapshot().context).toMatchObject({ reason: '', error: null })
  })
})

describe('manageBooking: rescheduling', () => {
  it('picks from today with the booking named in every slot request, and moves the call', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_RESCHEDULE' })
    expect(page.value()).toEqual({ rescheduling: 'picking' })
    expect(page.slotLoads.last.input).toEqual({ day: '2026-11-20', timeZone: ZONE, rescheduleUid: UID })
    // Nothing to confirm before a time is chosen.
    expect(page.actor.getSnapshot().can({ type: 'CONFIRM_RESCHEDULE' })).toBe(false)
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    expect(page.value()).toEqual({ rescheduling: 'saving' })
    expect(page.moves.last.input).toMatchObject({ rescheduleUid: UID, start: '2026-11-23T10:00:00+13:00', end: '2026-11-23T10:15:00+13:00' })
    expect(page.moves.last.input).not.toHaveProperty('responses')
    page.moves.last.settle.resolve(moved)
    await waitFor(page.actor, (s) => s.matches('rescheduled'))
    const { context } = page.actor.getSnapshot()
    expect(context.movedFrom).toBe(booking.startTime)
    expect(context.booking).toMatchObject({ startTime: moved.startTime, endTime: moved.endTime, canChange: true })
    // The moved call can move again, or be cancelled.
    expect(page.actor.getSnapshot().can({ type: 'START_RESCHEDULE' })).toBe(true)
    expect(page.actor.getSnapshot().can({ type: 'START_CANCEL' })).toBe(true)
  })

  it('a taken slot: back to picking on the same day, fresh slots, the choice cleared and the message shown until the next choice', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_RESCHEDULE' })
    page.actor.getSnapshot().children.slots!.send({ type: 'NEXT_DAY' })
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    const requests = page.slotLoads.calls.length
    page.moves.last.settle.reject(new BookingRejected(409, 'no_available_users_found_error'))
    await waitFor(page.actor, (s) => s.matches({ rescheduling: 'picking' }))
    const { context, children } = page.actor.getSnapshot()
    expect(context.chosen).toBeNull()
    expect(context.error).toBe('This time slot is no longer available. Please select another time.')
    expect(page.slotLoads.calls).toHaveLength(requests + 1)
    expect(children.slots!.getSnapshot().context.day).toBe('2026-11-21')
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    expect(page.actor.getSnapshot().context.error).toBeNull()
  })

  it('another failure: Retry sends the same move, or another time can be chosen; leaving is not possible while saving', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_RESCHEDULE' })
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    expect(page.actor.getSnapshot().can({ type: 'BACK' })).toBe(false)
    page.moves.last.settle.reject(new BookingRejected(500, undefined))
    await waitFor(page.actor, (s) => s.matches({ rescheduling: 'saveFailed' }))
    expect(page.actor.getSnapshot().context.error).toBe('We could not move your call. Please try again.')
    page.actor.send({ type: 'RETRY' })
    expect(page.moves.calls).toHaveLength(2)
    expect(page.moves.last.input).toEqual(page.moves.calls[0]!.input)
    page.moves.last.settle.reject(new BookingRejected(500, undefined))
    await waitFor(page.actor, (s) => s.matches({ rescheduling: 'saveFailed' }))
    page.actor.send({ type: 'SLOT_CHOSEN', slot: '2026-11-22T21:15:00Z' })
    expect(page.value()).toEqual({ rescheduling: 'picking' })
    page.actor.send({ type: 'BACK' })
    expect(page.value()).toBe('loaded')
    // Leaving stops the day's slots.
    expect(page.actor.getSnapshot().children.slots).toBeUndefined()
  })
})

describe('manageBooking: focus', () => {
  it('asks for the step heading on each new step, not on edits within a step or while a request is in flight', async () => {
    const page = await loaded()
    page.actor.send({ type: 'START_CANCEL' })
    page.actor.send({ type: 'REASON_CHANGED', value: 'Sick' })
    page.actor.send({ type: 'CONFIRM_CANCEL' })
    page.cancels.last.settle.reject(new TypeError('Failed to fetch'))
    await waitFor(page.actor, (s) => s.matches('cancelFailed'))
    page.actor.send({ type: 'BACK' })
    page.actor.send({ type: 'START_RESCHEDULE' })
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    page.moves.last.settle.reject(new BookingRejected(409, 'no_available_users_found_error'))
    await waitFor(page.actor, (s) => s.matches({ rescheduling: 'picking' }) && s.context.error !== null)
    expect(page.focused).toEqual([
      'xstate.done.actor.loadBooking', // loaded
      'START_CANCEL', // confirmingCancel
      'xstate.error.actor.cancelBooking', // cancelFailed
      'BACK', // loaded
      'START_RESCHEDULE', // rescheduling.picking
      'xstate.error.actor.rescheduleBooking', // the slot was taken: picking again
    ])
  })
})

describe('manageBooking: the notice period', () => {
  const MINUTE = 60_000
  const SENTENCE =
    'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please reply to your confirmation email.'
  const SERVER_SENTENCE =
    'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please email hello@kiwiautomate.co.nz.'
  /** A call whose notice period begins `minutes` after NOW. */
  const closingIn = (minutes: number): BookingView => ({
    ...booking,
    changeNotice: { closesAt: new Date(Date.parse(NOW) + minutes * MINUTE).toISOString(), message: SENTENCE },
  })

  it('opened inside the period: the sentence instead of the buttons, whatever canChange says', async () => {
    for (const view of [closingIn(-5), { ...closingIn(0), canChange: false }]) {
      const page = await loaded(view)
      expect(page.value()).toBe('noticeClosed')
      expect(manageStep(page.actor.getSnapshot())).toBe('noticeClosed')
      expect(page.actor.getSnapshot().context.notice).toBe(SENTENCE)
      for (const type of ['START_CANCEL', 'START_RESCHEDULE'] as const) expect(page.actor.getSnapshot().can({ type })).toBe(false)
    }
  })

  it('a cancelled call stays cancelled, and a call without a notice period is as before', async () => {
    expect((await loaded({ ...closingIn(-5), status: 'CANCELLED', canChange: false })).value()).toBe('readOnly')
    expect((await loaded(booking)).value()).toBe('loaded')
  })

  it('switches at closesAt while the page is open, counted afresh as each step begins', async () => {
    const page = await loaded(closingIn(10))
    page.clock.increment(4 * MINUTE)
    page.actor.send({ type: 'START_RESCHEDULE' })
    page.clock.increment(5 * MINUTE)
    page.actor.send({ type: 'BACK' })
    page.actor.send({ type: 'START_CANCEL' })
    page.clock.increment(MINUTE - 1)
    expect(page.value()).toBe('confirmingCancel')
    page.clock.increment(1)
    expect(page.value()).toBe('noticeClosed')
    expect(page.actor.getSnapshot().context.notice).toBe(SENTENCE)
  })

  it('never interrupts a request in flight: its answer decides', async () => {
    const page = await loaded(closingIn(1))
    page.actor.send({ type: 'START_CANCEL' })
    page.actor.send({ type: 'CONFIRM_CANCEL' })
    page.clock.increment(2 * MINUTE)
    expect(page.value()).toBe('cancelling')
    page.cancels.last.settle.resolve()
    await waitFor(page.actor, (s) => s.matches('cancelled'))
  })

  it.each([
    ['cancel', 'cancels'],
    ['move', 'moves'],
  ] as const)('a 409 sentence to a %s lands in the same state, with the server sentence', async (_, kind) => {
    const page = await loaded(booking)
    if (kind === 'cancels') {
      page.actor.send({ type: 'START_CANCEL' })
      page.actor.send({ type: 'CONFIRM_CANCEL' })
    } else {
      page.actor.send({ type: 'START_RESCHEDULE' })
      page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
      page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    }
    page[kind].last.settle.reject(new BookingRejected(409, SERVER_SENTENCE))
    await waitFor(page.actor, (s) => s.matches('noticeClosed'))
    expect(page.actor.getSnapshot().context.notice).toBe(SERVER_SENTENCE)
    expect(page.actor.getSnapshot().context.error).toBeNull()
  })

  it("after a move, the new time's period counts", async () => {
    const page = await loaded(closingIn(60))
    page.actor.send({ type: 'START_RESCHEDULE' })
    page.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT })
    page.actor.send({ type: 'CONFIRM_RESCHEDULE' })
    page.moves.last.settle.resolve({ ...moved, changeNotice: { closesAt: new Date(Date.parse(NOW) + 120 * MINUTE).toISOString(), message: SENTENCE } })
    await waitFor(page.actor, (s) => s.matches('rescheduled'))
    page.clock.increment(61 * MINUTE)
    expect(page.value()).toBe('rescheduled')
    page.clock.increment(59 * MINUTE)
    expect(page.value()).toBe('noticeClosed')
  })

  it('a period further off than a browser timer reaches sets none (it would fire at once)', async () => {
    const far = (MAX_TIMER_MS + MINUTE) / MINUTE
    const page = await loaded(closingIn(far))
    page.clock.increment(MAX_TIMER_MS)
    expect(page.value()).toBe('loaded')
  })
})
