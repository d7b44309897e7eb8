/**
 * The manage page /booking/{uid}: loads the booking, then cancels it (with an optional
 * reason) or moves it to another time, picked with the booking form's own day picker and slot grid
 * (the slots machine, as a child). Fetching and focus are declared here and provided by
 * src/logic/manageBooking.ts. Time and zone come in as input so tests fix them.
 *
 * The notice period: from the view's `changeNotice.closesAt` on, the call can no longer be changed
 * online. The page then shows the notice's sentence instead of the two buttons (`noticeClosed`): at once when
 * it opens inside the period, at `closesAt` while it is open (a delayed transition out of every step that
 * offers a change), and when the server refuses a cancel or a move with its 409 sentence.
 */
import { assertEvent, assign, fromPromise, sendTo, setup, spawnChild, stopChild, type SnapshotFrom } from 'xstate'
import { isBookingNotFound, isChangeNoticeRefusal, isSlotTaken, manageErrorText } from '../core/bookingErrors'
import { buildReschedulePayload, type BookingIdentity } from '../core/bookingPayload'
import { isPlainLines } from '../core/bookingFields'
import { CANCELLATION_REASON_MAX_LENGTH, MANAGE_MESSAGES, type BookingView, type CancelRequest, type RescheduleRequest } from '../core/manageWire'
import { providedByApp } from './providedByApp'
import { timeDisplayActions, timeDisplayTransitions, type TimeDisplayEvent } from './timeDisplay'
import { slotsMachine } from './slots'
import { joinWindowMachine, type JoinWindowInput } from './joinWindow'

export interface ManageBookingContext {
  /** The booking's uid, from the page's path: the capability to see and change it. */
  uid: string
  /**
   * The zone the page shows times in, and the new time is chosen in (sent as `timeZone`): the visitor's remembered
   * choice, or the browser's zone, at first.
   */
  timeZone: string
  /** 24-hour clock: the remembered choice, or the locale's habit, at first. */
  hour24: boolean
  /** The current instant (ISO): fixes "today" for the day picker. */
  now: string
  /** Reads the current instant (epoch ms) when a step begins: when the notice period begins is counted from it. */
  clock: () => number
  identity: BookingIdentity
  /** The booking as it is now (after a cancel or a move, as the server confirmed it). */
  booking: BookingView | null
  /** The optional cancellation reason, at most CANCELLATION_REASON_MAX_LENGTH characters. */
  reason: string
  /** The slot the visitor is moving the call to (an ISO instant). */
  chosen: string | null
  /** Where the call was before the last move (an ISO instant), for the confirmation. */
  movedFrom: string | null
  /** The sentence of the last failed cancel or move. */
  error: string | null
  /** Why the call can no longer be changed online: the view's notice sentence, or the server's 409 sentence. */
  notice: string | null
}

/** What the page gives the machine: the context's first fields (time and zone as input, so tests fix them). */
export type ManageBookingInput = Pick<ManageBookingContext, 'uid' | 'timeZone' | 'hour24' | 'now' | 'clock' | 'identity'>

export type ManageBookingEvent =
  /** Loading, cancelling or saving failed: try the same request again. */
  | { type: 'RETRY' }
  | { type: 'START_CANCEL' }
  | { type: 'REASON_CHANGED'; value: string }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'START_RESCHEDULE' }
  | { type: 'SLOT_CHOSEN'; slot: string }
  | { type: 'CONFIRM_RESCHEDULE' }
  /** Leave cancelling or rescheduling: the booking stays as it is. */
  | { type: 'BACK' }
  /** The 'Time zone' list and the '24-hour' switch of the reschedule step. */
  | TimeDisplayEvent

/**
 * The longest a browser timer waits (2^31 − 1 ms, about 24.8 days); a longer delay would fire at once. A call
 * whose notice period begins later than that from the page's opening gets no timer: the server still refuses
 * a late change with its 409 sentence, which lands in the same state.
 */
export const MAX_TIMER_MS = 2_147_483_647

/** How long until the notice period begins, counted from the clock now; 0 once it has. */
export function untilNotice(context: ManageBookingContext): number {
  const closesAt = context.booking?.changeNotice?.closesAt
  if (!closesAt) return MAX_TIMER_MS
  return Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(closesAt) - context.clock()))
}

// Each step that offers a change gives way to the notice at closesAt (counted afresh as the step begins).
// Not the steps in flight: the server's answer to the cancel or the move decides those.
const noticeTimer = {
  noticeBegins: { guard: 'noticeTimed', target: '#manageBooking.noticeClosed', actions: 'showBookingNotice' },
} as const

// From the booking (loaded, or just moved) the visitor may cancel it or move it, each time afresh.
const changeBooking = {
  START_CANCEL: { target: 'confirmingCancel', actions: ['clearReason', 'clearError'] },
  START_RESCHEDULE: { target: 'rescheduling' },
} as const

/** The join window of the booking as it now is (stored or just moved). */
const joinWindowInput = (context: ManageBookingContext): JoinWindowInput => ({
  startTime: context.booking?.startTime ?? context.now,
  endTime: context.booking?.endTime ?? context.now,
  now: context.now,
  clock: context.clock,
})

export const manageBookingMachine = setup({
  types: {
    input: {} as ManageBookingInput,
    context: {} as ManageBookingContext,
    events: {} as ManageBookingEvent,
    children: {} as {
      loadBooking: 'loadBooking'
      cancelBooking: 'cancelBooking'
      rescheduleBooking: 'rescheduleBooking'
      slots: 'slots'
      joinWindow: 'joinWindow'
    },
  },
  actors: {
    loadBooking: fromPromise<BookingView, { uid: string }>(() => providedByApp('loadBooking')),
    cancelBooking: fromPromise<void, CancelRequest>(() => providedByApp('cancelBooking')),
    rescheduleBooking: fromPromise<BookingView, RescheduleRequest>(() => providedByApp('rescheduleBooking')),
    slots: slotsMachine,
    joinWindow: joinWindowMachine,
  },
  guards: {
    changeable: (_, params: { booking: BookingView }) => params.booking.canChange,
    notFound: (_, params: { error: unknown }) => isBookingNotFound(params.error),
    slotTaken: (_, params: { error: unknown }) => isSlotTaken(params.error),
    slotChosen: ({ context }) => context.chosen !== null,
    /** The booking was loaded inside its notice period (whatever canChange says: the call has not started). */
    noticeBegun: ({ context }, params: { booking: BookingView }) => {
      const notice = params.booking.changeNotice
      return params.booking.status !== 'CANCELLED' && notice !== undefined && Date.parse(notice.closesAt) <= context.clock()
    },
    /** The booking has a notice period that a timer set from the page's opening reaches (see MAX_TIMER_MS). */
    noticeTimed: ({ context }) => {
      const notice = context.booking?.changeNotice
      return notice !== undefined && Date.parse(notice.closesAt) - Date.parse(context.now) <= MAX_TIMER_MS
    },
    /** 409 with the server's notice sentence: the period began before the request arrived. */
    noticeRefused: (_, params: { error: unknown }) => isChangeNoticeRefusal(params.error),
  },
  delays: {
    noticeBegins: ({ context }) => untilNotice(context),
  },
  actions: {
    storeBooking: assign((_, params: { booking: BookingView }) => ({ booking: params.booking })),
    showBookingNotice: assign(({ context }) => ({ notice: context.booking?.changeNotice?.message ?? null })),
    /** The server's own sentence, as it is (noticeRefused made sure it is one, never a code). */
    showRefusal: assign((_, params: { error: unknown }) => ({ notice: manageErrorText(params.error, 'cancel') })),
    clearReason: assign({ reason: '' }),
    setReason: assign({
      reason: ({ event }) => {
        assertEvent(event, 'REASON_CHANGED')
        return event.value.slice(0, CANCELLATION_REASON_MAX_LENGTH)
      },
    }),
    /** A new choice answers the last failure ('Please select another time'): its message goes. */
    chooseSlot: assign(({ event }) => {
      assertEvent(event, 'SLOT_CHOSEN')
      return { chosen: event.slot, error: null }
    }),
    clearChosen: assign({ chosen: null }),
    ...timeDisplayActions<ManageBookingContext, ManageBookingEvent>(),
    clearError: assign({ error: null }),
    storeCancelError: assign((_, params: { error: unknown }) => ({ error: manageErrorText(params.error, 'cancel') })),
    storeRescheduleError: assign((_, params: { error: unknown }) => ({ error: manageErrorText(params.error, 'reschedule') })),
    markCancelled: assign(({ context }) => ({
      booking: context.booking && { ...context.booking, status: 'CANCELLED' as const, canChange: false },
    })),
    /** The server's answer is the moved booking: same uid, new times, and the new time's notice period. */
    storeMove: assign(({ context }, params: { moved: BookingView }) => ({
      movedFrom: context.booking?.startTime ?? null,
      booking: context.booking && {
        ...context.booking,
        startTime: params.moved.startTime,
        endTime: params.moved.endTime,
        changeNotice: params.moved.changeNotice,
      },
    })),
    /** 'Join the call' comes up ten minutes before the booking's start (a moved call: its new start). */
    stopJoinWindow: stopChild('joinWindow'),
    startJoinWindow: spawnChild('joinWindow', { id: 'joinWindow', input: ({ context }) => joinWindowInput(context) }),
    /** The taken slot is gone from the server's list: ask the day again. */
    reloadSlots: sendTo('slots', { type: 'RELOAD' }),
    /** Each new step takes the focus to its heading, so a keyboard or screen reader visitor starts there. */
    focusStepHeading: () => providedByApp('focusStepHeading'),
  },
}).createMachine({
  id: 'manageBooking',
  context: ({ input }) => ({
    uid: input.uid,
    timeZone: input.timeZone,
    hour24: input.hour24,
    now: input.now,
    clock: input.clock,
    identity: input.identity,
    booking: null,
    reason: '',
    chosen: null,
    movedFrom: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: [
          {
            // Opened inside the notice period: the sentence instead of the buttons, from the start.
            guard: { type: 'noticeBegun', params: ({ event }) => ({ booking: event.output }) },
            target: 'noticeClosed',
            actions: [{ type: 'storeBooking', params: ({ event }) => ({ booking: event.output }) }, 'showBookingNotice', 'stopJoinWindow', 'startJoinWindow'],
          },
          {
            guard: { type: 'changeable', params: ({ event }) => ({ booking: event.output }) },
            target: 'loaded',
            actions: [{ type: 'storeBooking', params: ({ event }) => ({ booking: event.output }) }, 'stopJoinWindow', 'startJoinWindow'],
          },
          // Past or cancelled: the page says so and offers a new booking instead.
          { target: 'readOnly', actions: [{ type: 'storeBooking', params: ({ event }) => ({ booking: event.output }) }, 'stopJoinWindow', 'startJoinWindow'] },
        ],
        onError: [
          // 404: an unknown or malformed uid, told apart from nothing else (the uid is the capability).
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'loadFailed' },
        ],
      },
    },
    loadFailed: {
      entry: 'focusStepHeading',
      on: { RETRY: 'loading' },
    },
    notFound: {
      entry: 'focusStepHeading',
    },
    /** A past or cancelled booking: nothing to change. */
    readOnly: {
      entry: 'focusStepHeading',
    },
    /** Inside the notice period: the booking and the sentence; nothing to change online. */
    noticeClosed: {
      entry: 'focusStepHeading',
    },
    loaded: {
      entry: 'focusStepHeading',
      after: noticeTimer,
      on: changeBooking,
    },
    confirmingCancel: {
      entry: 'focusStepHeading',
      after: noticeTimer,
      on: {
        REASON_CHANGED: { actions: 'setReason' },
        CONFIRM_CANCEL: 'cancelling',
        BACK: 'loaded',
      },
    },
    /** The request is in flight: the reason is read-only and the buttons wait. */
    cancelling: {
      entry: 'clearError',
      invoke: {
        id: 'cancelBooking',
        src: 'cancelBooking',
        input: ({ context }) => {
          const reason = context.reason.trim()
          return reason ? { uid: context.uid, cancellationReason: reason } : { uid: context.uid }
        },
        onDone: { target: 'cancelled', actions: 'markCancelled' },
        onError: [
          {
            guard: { type: 'noticeRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'noticeClosed',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'cancelFailed', actions: { type: 'storeCancelError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The confirmation step again, with the failure's sentence; the reason is kept for the retry. */
    cancelFailed: {
      entry: 'focusStepHeading',
      after: noticeTimer,
      on: {
        REASON_CHANGED: { actions: 'setReason' },
        RETRY: 'cancelling',
        BACK: 'loaded',
      },
    },
    cancelled: {
      entry: 'focusStepHeading',
    },
    /** The day picker and slot grid; the day's slots are the child `slots`, alive until the visitor leaves. */
    rescheduling: {
      entry: ['clearChosen', 'clearError', 'focusStepHeading'],
      invoke: {
        id: 'slots',
        src: 'slots',
        input: ({ context }) => ({ now: context.now, timeZone: context.timeZone, rescheduleUid: context.uid }),
      },
      on: timeDisplayTransitions,
      initial: 'picking',
      states: {
        picking: {
          after: noticeTimer,
          on: {
            SLOT_CHOSEN: { actions: 'chooseSlot' },
            CONFIRM_RESCHEDULE: { guard: 'slotChosen', target: 'saving' },
            BACK: '#manageBooking.loaded',
          },
        },
        /** The move is in flight: the grid is read-only, and leaving waits for the answer. */
        saving: {
          entry: 'clearError',
          invoke: {
            id: 'rescheduleBooking',
            src: 'rescheduleBooking',
            input: ({ context }) =>
              buildReschedulePayload({ slot: context.chosen ?? '', timeZone: context.timeZone, rescheduleUid: context.uid }, context.identity),
            onDone: {
              target: '#manageBooking.rescheduled',
              actions: [{ type: 'storeMove', params: ({ event }) => ({ moved: event.output }) }, 'stopJoinWindow', 'startJoinWindow'],
            },
            onError: [
              {
                guard: { type: 'noticeRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#manageBooking.noticeClosed',
                actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                // 409: someone took the slot meanwhile; the day reloads without it and the choice clears.
                guard: { type: 'slotTaken', params: ({ event }) => ({ error: event.error }) },
                target: 'picking',
                actions: [
                  { type: 'storeRescheduleError', params: ({ event }) => ({ error: event.error }) },
                  'clearChosen',
                  'reloadSlots',
                  'focusStepHeading',
                ],
              },
              { target: 'saveFailed', actions: { type: 'storeRescheduleError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The move failed for another reason: Retry sends it again; another time can be chosen instead. */
        saveFailed: {
          entry: 'focusStepHeading',
          after: noticeTimer,
          on: {
            RETRY: 'saving',
            SLOT_CHOSEN: { target: 'picking', actions: 'chooseSlot' },
            BACK: '#manageBooking.loaded',
          },
        },
      },
    },
    /** Moved: the confirmation with the new time; the booking can be moved again or cancelled. */
    rescheduled: {
      entry: 'focusStepHeading',
      after: noticeTimer,
      on: changeBooking,
    },
  },
})

export type ManageBookingSnapshot = SnapshotFrom<typeof manageBookingMachine>

/** The step the page shows; the cancel and reschedule steps keep their look while in flight or failed. */
export type ManageStep =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'readOnly'
  | 'noticeClosed'
  | 'loaded'
  | 'confirmingCancel'
  | 'cancelled'
  | 'rescheduling'
  | 'rescheduled'

export function manageStep(snapshot: ManageBookingSnapshot): ManageStep {
  const value = snapshot.value
  if (typeof value === 'object') return 'rescheduling'
  return value === 'cancelling' || value === 'cancelFailed' ? 'confirmingCancel' : value
}

/** The reason field's message while it holds what the server would refuse (docs/design.md#one-text-rule), or null. */
export const reasonError = (snapshot: ManageBookingSnapshot): string | null => (isPlainLines(snapshot.context.reason) ? null : MANAGE_MESSAGES.reason)

/** Why a booking can no longer be changed: it was cancelled, or its time has come. */
export function closedReason(booking: BookingView): 'cancelled' | 'past' {
  return booking.status === 'CANCELLED' ? 'cancelled' : 'past'
}
