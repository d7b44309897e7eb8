import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import type { BookingView, CancelRequest, RescheduleRequest } from '../../core/manageWire'
import type { SlotsByDate, SlotsQuery } from '../../core/slotWindow'
import { closedReason, manageBookingMachine, manageStep, reasonError, type ManageBookingSnapshot } from '../../machines/manageBooking'
import { slotsMachine } from '../../machines/slots'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import { CHOSEN, NOW, TIME_ZONE, TODAY } from './ui/support/bookingModel'
import {
  manageFailureOf,
  manageInput,
  manageModel,
  MOVED,
  NOTICE,
  NOTICE_BEGUN,
  REASON,
  RESCHEDULE_REQUEST,
  UID,
  UPCOMING,
  type ManageFailure,
} from './ui/support/manageModel'

const withoutNotice = ({ changeNotice: _notice, ...booking }: BookingView): BookingView => booking

describeMachinePaths(
  'manageBooking',
  manageBookingMachine,
  () => {
    const loads = controllablePromiseActor<BookingView, { uid: string }>()
    const cancels = controllablePromiseActor<void, CancelRequest>()
    const moves = controllablePromiseActor<BookingView, RescheduleRequest>()
    const slotLoads = controllablePromiseActor<SlotsByDate, SlotsQuery>()
    const remembered = { timeZone: [] as string[], hour24: [] as boolean[] }
    const machine = manageBookingMachine.provide({
      actors: {
        loadBooking: loads.logic,
        cancelBooking: cancels.logic,
        rescheduleBooking: moves.logic,
        slots: slotsMachine.provide({ actors: { loadSlots: slotLoads.logic } }),
      },
      actions: {
        focusStepHeading: () => {},
        rememberTimeZone: ({ context }) => void remembered.timeZone.push(context.timeZone),
        rememberClock: ({ context }) => void remembered.hour24.push(context.hour24),
      },
    })
    // The page's clock: NOW when it opens, then as the path moves it.
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input: { ...manageInput, clock: () => Date.parse(NOW) + clock.now() }, clock })
    actor.start()
    return {
      actor,
      clock,
      loads,
      cancels,
      moves,
      slotLoads,
      remembered,
      /** The zone and clock the page shows (Auckland and 12 hours until the visitor changes them). */
      timeZone: TIME_ZONE,
      hour24: false,
      /** What the visitor has done and what the server answered: the checks' expectations. */
      booking: null as BookingView | null,
      movedFrom: null as string | null,
      reason: '',
      chosen: null as string | null,
      failure: null as ManageFailure | null,
      /** The sentence the page must show instead of the buttons. */
      notice: null as string | null,
      slotLoadsBeforeAnswer: 0,
      /** The join window of the booking as it was before the last move (the move must stop it). */
      replacedJoinWindow: undefined as ManageBookingSnapshot['children']['joinWindow'],
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    ...manageModel,
    views: { manageStep, reasonError },
    // A booking with no notice period, loaded and moved: the notice timer's guard says no in every step.
    variants: {
      'no notice period': {
        ...manageModel,
        samples: {
          ...manageModel.samples,
          'xstate.done.actor.loadBooking': [{ type: 'xstate.done.actor.loadBooking', output: withoutNotice(UPCOMING) }],
          'xstate.done.actor.rescheduleBooking': [{ type: 'xstate.done.actor.rescheduleBooking', output: withoutNotice(MOVED) }],
        },
      },
    },
    events: {
      RETRY: (sut, event) => sut.actor.send(event),
      START_CANCEL: (sut, event) => {
        sut.reason = ''
        sut.failure = null
        sut.actor.send(event)
      },
      REASON_CHANGED: (sut, event) => {
        sut.reason = event.value
        sut.actor.send(event)
      },
      CONFIRM_CANCEL: (sut, event) => sut.actor.send(event),
      START_RESCHEDULE: (sut, event) => {
        sut.chosen = null
        sut.failure = null
        sut.actor.send(event)
      },
      SLOT_CHOSEN: (sut, event) => {
        sut.chosen = event.slot
        sut.failure = null
        sut.actor.send(event)
      },
      CONFIRM_RESCHEDULE: (sut, event) => sut.actor.send(event),
      BACK: (sut, event) => sut.actor.send(event),
      TIME_ZONE_CHOSEN: (sut, event) => {
        sut.timeZone = event.timeZone
        sut.actor.send(event)
      },
      CLOCK_CHANGED: (sut, event) => {
        sut.hour24 = event.hour24
        sut.actor.send(event)
      },
    },
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      delays: {
        /** The notice period begins at the booking's closesAt: not a millisecond early. */
        noticeBegins: (sut) => {
          const notice = sut.booking!.changeNotice!
          const ms = Date.parse(notice.closesAt) - (Date.parse(NOW) + sut.clock.now())
          const before = sut.snapshot().value
          sut.clock.increment(ms - 1)
          expect(sut.snapshot().value).toEqual(before)
          sut.notice = notice.message
          return 1
        },
      },
      done: {
        loadBooking: (sut, event) => {
          sut.booking = event.output as BookingView
          if (sut.booking === NOTICE_BEGUN) sut.notice = NOTICE
          sut.loads.last.settle.resolve(sut.booking)
        },
        cancelBooking: (sut) => {
          sut.booking = sut.booking && { ...sut.booking, status: 'CANCELLED', canChange: false }
          sut.cancels.last.settle.resolve()
        },
        rescheduleBooking: (sut, event) => {
          const moved = event.output as BookingView
          sut.movedFrom = sut.booking!.startTime
          sut.replacedJoinWindow = sut.snapshot().children.joinWindow
          sut.booking = { ...sut.booking!, startTime: moved.startTime, endTime: moved.endTime, changeNotice: moved.changeNotice }
          sut.moves.last.settle.resolve(moved)
        },
      },
      error: {
        loadBooking: (sut, event) => {
          sut.failure = manageFailureOf(event.error)
          sut.loads.last.settle.reject(event.error)
        },
        cancelBooking: (sut, event) => {
          sut.failure = manageFailureOf(event.error)
          if (sut.failure.notice) sut.notice = sut.failure.text
          sut.cancels.last.settle.reject(event.error)
        },
        rescheduleBooking: (sut, event) => {
          sut.failure = manageFailureOf(event.error)
          sut.slotLoadsBeforeAnswer = sut.slotLoads.calls.length
          if (sut.failure.slotTaken) sut.chosen = null
          if (sut.failure.notice) sut.notice = sut.failure.text
          sut.moves.last.settle.reject(event.error)
        },
      },
    },
    states: {
      loading: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toBeNull()
        // The booking of the page's uid, once per visit and once per Retry.
        expect(sut.loads.last.input).toEqual({ uid: UID })
        expect(manageStep(sut.snapshot())).toBe('loading')
      },
      loadFailed: (sut) => {
        expect(sut.snapshot().context.booking).toBeNull()
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(true)
      },
      notFound: (sut) => {
        expect(sut.snapshot().context.booking).toBeNull()
        // Nothing to do here but book anew (the view's 'Book a new call').
        for (const type of ['RETRY', 'START_CANCEL', 'START_RESCHEDULE'] as const) expect(sut.snapshot().can({ type })).toBe(false)
      },
      readOnly: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expectJoinWindow(sut.snapshot(), sut.booking!)
        expect(closedReason(context.booking!)).toBe(sut.booking!.status === 'CANCELLED' ? 'cancelled' : 'past')
        for (const type of ['START_CANCEL', 'START_RESCHEDULE'] as const) expect(sut.snapshot().can({ type })).toBe(false)
      },
      noticeClosed: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expectJoinWindow(sut.snapshot(), sut.booking!)
        // The view's sentence at closesAt or on opening inside the period; the server's after a 409.
        expect(context.notice).toBe(sut.notice)
        expect(manageStep(sut.snapshot())).toBe('noticeClosed')
        for (const type of ['START_CANCEL', 'START_RESCHEDULE', 'RETRY', 'BACK'] as const) expect(sut.snapshot().can({ type })).toBe(false)
      },
      loaded: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expectJoinWindow(sut.snapshot(), sut.booking!)
        expect(context.booking?.canChange).toBe(true)
        expect(sut.snapshot().can({ type: 'START_CANCEL' })).toBe(true)
        expect(sut.snapshot().can({ type: 'START_RESCHEDULE' })).toBe(true)
      },
      confirmingCancel: (sut) => {
        const { context } = sut.snapshot()
        expect(context.reason).toBe(sut.reason)
        expect(context.error).toBeNull()
        expect(manageStep(sut.snapshot())).toBe('confirmingCancel')
      },
      cancelling: (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBeNull()
        // Cal.com's shape; a blank reason is left out.
        expect(sut.cancels.last.input).toEqual(sut.reason ? { uid: UID, cancellationReason: REASON } : { uid: UID })
        expect(sut.snapshot().can({ type: 'REASON_CHANGED', value: '' })).toBe(false)
        expect(sut.snapshot().can({ type: 'BACK' })).toBe(false)
      },
      cancelFailed: (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBe(sut.failure?.text)
        expect(context.reason).toBe(sut.reason)
        expect(manageStep(sut.snapshot())).toBe('confirmingCancel')
      },
      cancelled: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expect(context.booking).toMatchObject({ status: 'CANCELLED', canChange: false })
        // Read as the server's cancelled booking reads on the next visit (readOnly's reason).
        expect(closedReason(context.booking!)).toBe('cancelled')
      },
      rescheduling: (sut) => {
        const { context, children } = sut.snapshot()
        expect(children.slots).toBeDefined()
        // The day picker starts today, in the zone chosen, and every slot request names the booking being moved.
        expect(sut.slotLoads.last.input).toMatchObject({ timeZone: sut.timeZone, rescheduleUid: UID })
        expect(children.slots?.getSnapshot().context.today).toBe(sut.timeZone === TIME_ZONE ? TODAY : todayIn(sut.timeZone))
        expect(context.timeZone).toBe(sut.timeZone)
        expect(context.hour24).toBe(sut.hour24)
        // Remembered for the next visit once changed.
        expect(sut.remembered.timeZone.at(-1) ?? TIME_ZONE).toBe(sut.timeZone)
        expect(sut.remembered.hour24.at(-1) ?? false).toBe(sut.hour24)
        expect(context.chosen).toBe(sut.chosen)
        expect(manageStep(sut.snapshot())).toBe('rescheduling')
      },
      'rescheduling.picking': (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBe(sut.failure?.slotTaken ? sut.failure.text : null)
        expect(sut.snapshot().can({ type: 'CONFIRM_RESCHEDULE' })).toBe(sut.chosen !== null)
        // A taken slot reloads the day without it.
        if (sut.failure?.slotTaken) expect(sut.slotLoads.calls.length).toBe(sut.slotLoadsBeforeAnswer + 1)
      },
      'rescheduling.saving': (sut) => {
        expect(sut.snapshot().context.error).toBeNull()
        expect(sut.snapshot().context.chosen).toBe(CHOSEN.time)
        expect(sut.moves.last.input).toStrictEqual(RESCHEDULE_REQUEST)
        expect(sut.snapshot().can({ type: 'BACK' })).toBe(false)
        expect(sut.snapshot().can({ type: 'SLOT_CHOSEN', slot: CHOSEN.time })).toBe(false)
      },
      'rescheduling.saveFailed': (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBe(sut.failure?.text)
        expect(context.chosen).toBe(CHOSEN.time)
      },
      rescheduled: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expectJoinWindow(sut.snapshot(), sut.booking!)
        expect(context.booking?.startTime).toBe(MOVED.startTime)
        expect(context.movedFrom).toBe(sut.movedFrom)
        // The old time's window is stopped, not left running beside the new one.
        expect(sut.replacedJoinWindow?.getSnapshot().status).toBe('stopped')
      },
    },
  },
)

/** 'Join the call' follows the booking as it now is (loaded, or just moved): one join window, for its times. */
function expectJoinWindow(snapshot: ManageBookingSnapshot, booking: BookingView) {
  expect(snapshot.children.joinWindow?.getSnapshot().context).toMatchObject({ startTime: booking.startTime, endTime: booking.endTime })
}

/** The date of NOW in another zone (London's is a day behind Auckland's). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(NOW))
}
