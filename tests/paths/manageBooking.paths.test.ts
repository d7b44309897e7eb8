import { expect } from 'vitest'
import { createActor, SimulatedClock, type EventObject } from 'xstate'
import { CANCELLATION_REASON_MAX_LENGTH, type BookingView, type CancelRequest, type RescheduleRequest } from '../../core/manageWire'
import type { SlotsByDate, SlotsQuery } from '../../core/slotWindow'
import { closedReason, manageBookingMachine, manageStep, MAX_TIMER_MS, reasonError, type ManageBookingSnapshot } from '../../machines/manageBooking'
import { slotsMachine } from '../../machines/slots'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths, type PathCases } from './support/machineLevel'
import type { AnySnapshot, ModelPath } from './support/machineModel'
import { CHOSEN, NOW, TIME_ZONE, TODAY } from './ui/support/bookingModel'
import {
  manageFailureOf,
  manageInput,
  manageModel,
  MOVE_REFUSED,
  MOVED,
  NOTICE,
  NOTICE_BEGUN,
  REASON,
  RESCHEDULE_FAILURES,
  RESCHEDULE_REQUEST,
  UID,
  UPCOMING,
  type ManageFailure,
} from './ui/support/manageModel'

const withoutNotice = ({ changeNotice: _notice, ...booking }: BookingView): BookingView => booking

/** A booking whose notice period begins at `closesAt` (its call an hour later). */
function closingAt(closesAt: string): BookingView {
  const start = Date.parse(closesAt) + 3_600_000
  return { ...UPCOMING, startTime: new Date(start).toISOString(), endTime: new Date(start + 900_000).toISOString(), changeNotice: { closesAt, message: NOTICE } }
}
const atOpening = (ms: number) => closingAt(new Date(Date.parse(NOW) + ms).toISOString())
/** Its notice period begins as the page opens; the longest timer away; a millisecond later (then no timer is set). */
const NOTICE_AT_OPENING = atOpening(0)
const NOTICE_AT_LONGEST_TIMER = atOpening(MAX_TIMER_MS)
const NOTICE_BEYOND_LONGEST_TIMER = atOpening(MAX_TIMER_MS + 1)
/** The bookings the page opens inside their notice period. */
const OPENED_IN_NOTICE: readonly BookingView[] = [NOTICE_BEGUN, NOTICE_AT_OPENING]

/** Reasons as they may be pasted, with spaces around them: one, and one longer than the field keeps. */
const SPACED_REASON = `  ${REASON}  `
const LONG_REASON = `  ${`${REASON} `.repeat(16)}`

/**
 * The machine level's samples beside the UI level's: the reasons above (the field keeps the first
 * CANCELLATION_REASON_MAX_LENGTH characters, the request sends them trimmed), and a move refused with the
 * server's own sentence.
 */
const machineSamples = {
  ...manageModel.samples,
  REASON_CHANGED: [SPACED_REASON, LONG_REASON].map((value) => ({ type: 'REASON_CHANGED', value })),
  'xstate.error.actor.rescheduleBooking': [...RESCHEDULE_FAILURES, MOVE_REFUSED].map(({ error }) => ({ type: 'xstate.error.actor.rescheduleBooking', error })),
}

/** Each step of a path with the snapshot it is taken from: what the cases read (never what the machine made of it). */
const stepsOf = (path: ModelPath) =>
  path.steps.slice(1).map((step, i) => ({ event: step.event as EventObject & Record<string, unknown>, before: path.steps[i]!.state as AnySnapshot }))

/** Cases the mutation run's covering paths walk beside every transition (docs/testing.md, "Mutation testing"). */
const CASES: PathCases = {
  'a cancel sent with a reason to trim': (path) =>
    stepsOf(path).some(
      ({ event, before }) =>
        ((before.matches('confirmingCancel') && event.type === 'CONFIRM_CANCEL') || (before.matches('cancelFailed') && event.type === 'RETRY')) &&
        before.context.reason !== before.context.reason.trim(),
    ),
  'a reason longer than the field keeps': (path) =>
    stepsOf(path).some(({ event }) => event.type === 'REASON_CHANGED' && String(event.value).length > CANCELLATION_REASON_MAX_LENGTH),
  'a cancel failing over the network': (path) =>
    stepsOf(path).some(({ event }) => event.type === 'xstate.error.actor.cancelBooking' && manageFailureOf(event.error).answer === 'network'),
  "a move refused with the server's own sentence": (path) =>
    stepsOf(path).some(({ event }) => event.type === 'xstate.error.actor.rescheduleBooking' && event.error === MOVE_REFUSED.error),
}

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
    samples: machineSamples,
    views: { manageStep, reasonError },
    cases: CASES,
    variants: {
      // A booking with no notice period, loaded and moved: the notice timer's guard says no in every step.
      'no notice period': {
        ...manageModel,
        samples: {
          ...machineSamples,
          'xstate.done.actor.loadBooking': [{ type: 'xstate.done.actor.loadBooking', output: withoutNotice(UPCOMING) }],
          'xstate.done.actor.rescheduleBooking': [{ type: 'xstate.done.actor.rescheduleBooking', output: withoutNotice(MOVED) }],
        },
      },
      // Notice periods at the bounds: begun as the page opens, and the longest timer away or a millisecond more
      // (the timer's guard says yes, then no). Each booking is its own vertex: the guards read its closesAt.
      'notice at its bounds': {
        ...manageModel,
        samples: {
          ...machineSamples,
          'xstate.done.actor.loadBooking': [NOTICE_AT_OPENING, NOTICE_AT_LONGEST_TIMER, NOTICE_BEYOND_LONGEST_TIMER].map((output) => ({
            type: 'xstate.done.actor.loadBooking',
            output,
          })),
        },
        serializeState: (s) => JSON.stringify([manageModel.serializeState!(s), s.context.booking?.changeNotice?.closesAt ?? null]),
        cases: {
          ...CASES,
          'a notice period the longest timer away': (path) =>
            stepsOf(path).some(({ event }) => event.type === 'xstate.done.actor.loadBooking' && event.output === NOTICE_AT_LONGEST_TIMER),
          'a notice period beyond the longest timer': (path) =>
            stepsOf(path).some(({ event }) => event.type === 'xstate.done.actor.loadBooking' && event.output === NOTICE_BEYOND_LONGEST_TIMER),
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
        // The field keeps the first CANCELLATION_REASON_MAX_LENGTH characters of what is typed or pasted.
        sut.reason = event.value.slice(0, CANCELLATION_REASON_MAX_LENGTH)
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
          if (OPENED_IN_NOTICE.includes(sut.booking)) sut.notice = NOTICE
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
        expectNoticeTimer(sut, 'loaded')
        expect(sut.snapshot().can({ type: 'START_CANCEL' })).toBe(true)
        expect(sut.snapshot().can({ type: 'START_RESCHEDULE' })).toBe(true)
      },
      confirmingCancel: (sut) => {
        const { context } = sut.snapshot()
        expect(context.reason).toBe(sut.reason)
        expect(context.error).toBeNull()
        expect(manageStep(sut.snapshot())).toBe('confirmingCancel')
        expectNoticeTimer(sut, 'confirmingCancel')
      },
      cancelling: (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBeNull()
        // Cal.com's shape: the reason trimmed, and left out when blank.
        const reason = sut.reason.trim()
        expect(sut.cancels.last.input).toStrictEqual(reason ? { uid: UID, cancellationReason: reason } : { uid: UID })
        expect(sut.snapshot().can({ type: 'REASON_CHANGED', value: '' })).toBe(false)
        expect(sut.snapshot().can({ type: 'BACK' })).toBe(false)
      },
      cancelFailed: (sut) => {
        const { context } = sut.snapshot()
        expect(context.error).toBe(sut.failure?.text)
        expect(context.reason).toBe(sut.reason)
        expect(manageStep(sut.snapshot())).toBe('confirmingCancel')
        expectNoticeTimer(sut, 'cancelFailed')
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
        expectNoticeTimer(sut, 'rescheduling.picking')
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
        expectNoticeTimer(sut, 'rescheduling.saveFailed')
      },
      rescheduled: (sut) => {
        const { context } = sut.snapshot()
        expect(context.booking).toEqual(sut.booking)
        expectJoinWindow(sut.snapshot(), sut.booking!)
        expect(context.booking?.startTime).toBe(MOVED.startTime)
        expect(context.movedFrom).toBe(sut.movedFrom)
        // The old time's window is stopped, not left running beside the new one.
        expect(sut.replacedJoinWindow?.getSnapshot().status).toBe('stopped')
        expectNoticeTimer(sut, 'rescheduled')
      },
    },
  },
)

/** 'Join the call' follows the booking as it now is (loaded, or just moved): one join window, for its times. */
function expectJoinWindow(snapshot: ManageBookingSnapshot, booking: BookingView) {
  expect(snapshot.children.joinWindow?.getSnapshot().context).toMatchObject({ startTime: booking.startTime, endTime: booking.endTime })
}

/**
 * In a step that offers a change, the page gives way to the notice at closesAt when a timer set from its opening
 * reaches it: closesAt at most MAX_TIMER_MS after NOW (later, the server's 409 does it). Asked of the machine as
 * the timer's event, since a path that never waits weeks would not see a timer missing.
 */
function expectNoticeTimer(sut: { snapshot(): ManageBookingSnapshot; booking: BookingView | null }, state: string) {
  const closesAt = sut.booking?.changeNotice?.closesAt
  const reaches = closesAt !== undefined && Date.parse(closesAt) - Date.parse(NOW) <= MAX_TIMER_MS
  expect(sut.snapshot().can({ type: `xstate.after.noticeBegins.manageBooking.${state}` } as never)).toBe(reaches)
}

/** The date of NOW in another zone (London's is a day behind Auckland's). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(NOW))
}
