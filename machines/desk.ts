/**
 * The agency's desk once the host has signed in (docs/desk.md): the calls and the time off, kept fresh, and the
 * host's actions on them, one at a time: cancel a call with a reason (a dialog), mark a no-show or undo it, add or
 * remove time off, sign out. Invoked by the sign-in machine with the view it loaded; ends with the sentence that
 * the sign-in form shows next (signed out, or the session ended: any request answered 401).
 *
 * The board's time is `now`, moved only by its one timer (`tick`), due at the next refresh or the next moment a
 * listed call changes phase (its join link comes up, it starts, it ends), whichever is first. So "Mark no-show"
 * appears as a call starts while the page is open, and what the board shows follows from its context alone.
 * The refresh comes within DESK_REFRESH_SECONDS, so the timer never waits longer than a browser timer can.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { isPlainLines } from '../core/bookingFields'
import { DESK_REFRESH_SECONDS, DESK_TEXTS, type DeskView, type HostCancelRequest, type TimeOffRequest } from '../core/deskWire'
import { CANCELLATION_REASON_MAX_LENGTH, normaliseLineBreaks } from '../core/manageWire'
import { deskErrorText, isSignedOut } from '../core/deskErrors'
import { EMPTY_TIME_OFF, findCall, hasStarted, nextCallMoment, timeOffProblem, type TimeOffForm } from './deskCalls'
import { providedByApp } from './providedByApp'

export interface DeskBoardInput {
  view: DeskView
  /** Reads the current instant (epoch ms). */
  clock: () => number
}

/** Where a failure's sentence shows: at a call (its uid), at the time-off form, or beside "Sign out". */
export type DeskErrorPlace = string | 'timeOff' | 'signOut'

export interface DeskContext {
  view: DeskView
  clock: () => number
  /** The board's time (epoch ms): the clock when it opened, then as its timer moves it. */
  now: number
  /** When the next refresh is due (epoch ms). */
  refreshAt: number
  /** The call whose cancel dialog is open. */
  cancelling: string | null
  /** The reason for the visitor, at most CANCELLATION_REASON_MAX_LENGTH characters. */
  reason: string
  /** The no-show change in flight. */
  marking: { uid: string; noShow: boolean; rebook: boolean } | null
  timeOff: TimeOffForm
  /** The time-off entry being removed. */
  removing: string | null
  /** The last failure's sentence and where it shows. */
  error: { place: DeskErrorPlace; sentence: string } | null
  /** The sentence after the last action done (role=status). */
  status: string | null
  /** The sentence the sign-in form shows once the desk is left. */
  farewell: string
}

export type DeskEvent =
  | { type: 'CANCEL_CALL'; uid: string }
  | { type: 'REASON_CHANGED'; value: string }
  | { type: 'CONFIRM_CANCEL' }
  /** Close the dialog (its button, Escape): the call stays. */
  | { type: 'KEEP_CALL' }
  | { type: 'MARK_NO_SHOW'; uid: string; rebook: boolean }
  | { type: 'UNDO_NO_SHOW'; uid: string }
  | { type: 'TIME_OFF_CHANGED'; field: keyof TimeOffForm; value: string }
  | { type: 'ADD_TIME_OFF' }
  | { type: 'REMOVE_TIME_OFF'; id: string }
  | { type: 'SIGN_OUT' }

export const REFRESH_MS = DESK_REFRESH_SECONDS * 1000

/** When the board's timer is due: the next refresh, or a call's next moment if that comes first. */
export const tickAt = (context: Pick<DeskContext, 'view' | 'now' | 'refreshAt'>): number =>
  Math.min(context.refreshAt, nextCallMoment(context.view, context.now) ?? Number.POSITIVE_INFINITY)

/** The time-off request the form makes (the label left out when blank). */
export function timeOffRequest(form: TimeOffForm): TimeOffRequest {
  const label = form.label.trim()
  return label ? { from: form.from, to: form.to, label } : { from: form.from, to: form.to }
}

// The host's actions, taken from the board whether or not a refresh is in flight (a refresh left is asked again next time).
const hostActions = {
  CANCEL_CALL: { guard: 'upcomingCall', target: '#desk.loaded.cancelDialog', actions: ['clearNotes', 'openCancel'] },
  MARK_NO_SHOW: { guard: 'startedUnmarked', target: '#desk.loaded.marking', actions: ['clearNotes', 'markNoShow'] },
  UNDO_NO_SHOW: { guard: 'markedNoShow', target: '#desk.loaded.marking', actions: ['clearNotes', 'undoNoShow'] },
  TIME_OFF_CHANGED: { actions: 'editTimeOff' },
  ADD_TIME_OFF: [
    { guard: 'timeOffSendable', target: '#desk.loaded.addingTimeOff', actions: 'clearNotes' },
    { actions: ['clearNotes', 'showTimeOffProblem'] },
  ],
  REMOVE_TIME_OFF: { guard: 'listedTimeOff', target: '#desk.loaded.removingTimeOff', actions: ['clearNotes', 'chooseRemoval'] },
  SIGN_OUT: { target: '#desk.loaded.signingOut', actions: 'clearNotes' },
} as const

/** A request of the host's failed: a 401 ends the desk; any other failure's sentence shows at `place`. */
const failedAt = (place: (context: DeskContext) => DeskErrorPlace, target: string, ...then: Array<'doneMarking' | 'doneRemoving'>) =>
  [
    { guard: { type: 'sessionEnded', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#desk.sessionEnded' },
    {
      target,
      actions: [
        {
          type: 'storeError',
          params: ({ context, event }: { context: DeskContext; event: { error: unknown } }) => ({ place: place(context), error: event.error }),
        },
        ...then,
      ],
    },
  ] as const

export const deskMachine = setup({
  types: {
    input: {} as DeskBoardInput,
    output: {} as { sentence: string },
    context: {} as DeskContext,
    events: {} as DeskEvent,
    children: {} as {
      loadDesk: 'loadDesk'
      cancelCall: 'cancelCall'
      markNoShow: 'markNoShow'
      addTimeOff: 'addTimeOff'
      removeTimeOff: 'removeTimeOff'
      signOut: 'signOut'
    },
  },
  actors: {
    loadDesk: fromPromise<DeskView>(() => providedByApp('loadDesk')),
    cancelCall: fromPromise<DeskView, { uid: string } & HostCancelRequest>(() => providedByApp('cancelCall')),
    markNoShow: fromPromise<DeskView, { uid: string; noShow: boolean; rebook: boolean }>(() => providedByApp('markNoShow')),
    addTimeOff: fromPromise<DeskView, TimeOffRequest>(() => providedByApp('addTimeOff')),
    removeTimeOff: fromPromise<DeskView, { id: string }>(() => providedByApp('removeTimeOff')),
    signOut: fromPromise<void>(() => providedByApp('signOut')),
  },
  guards: {
    /** The host cancels calls not yet ended (the server says pastCancel for the others). */
    upcomingCall: ({ context, event }) => {
      assertEvent(event, 'CANCEL_CALL')
      return context.view.upcoming.some((call) => call.uid === event.uid)
    },
    /** "Mark no-show" is there once the call has started on the board's time, and not yet marked. */
    startedUnmarked: ({ context, event }) => {
      assertEvent(event, 'MARK_NO_SHOW')
      const call = findCall(context.view, event.uid)
      return call !== undefined && !call.noShow && hasStarted(call, context.now)
    },
    markedNoShow: ({ context, event }) => {
      assertEvent(event, 'UNDO_NO_SHOW')
      return findCall(context.view, event.uid)?.noShow === true
    },
    /** The reason as the server checks it (docs/design.md#one-text-rule): a refused one stays in the dialog with its sentence. */
    reasonSendable: ({ context }) => isPlainLines(normaliseLineBreaks(context.reason)),
    timeOffSendable: ({ context }) => timeOffProblem(context.timeOff, context.now, context.view.timeZone) === null,
    listedTimeOff: ({ context, event }) => {
      assertEvent(event, 'REMOVE_TIME_OFF')
      return context.view.timeOff.some((entry) => entry.id === event.id)
    },
    /** The timer is due for the refresh (not only for a call's moment). */
    refreshDue: ({ context }) => tickAt(context) >= context.refreshAt,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
  },
  delays: {
    tick: ({ context }) => Math.max(0, tickAt(context) - context.clock()),
  },
  actions: {
    storeView: assign((_, params: { view: DeskView }) => ({ view: params.view })),
    /** The timer's moment has come (a throttled tab's timer may come late: then the clock's time). */
    passTime: assign(({ context }) => ({ now: Math.max(context.clock(), tickAt(context)) })),
    scheduleRefresh: assign(({ context }) => ({ refreshAt: context.now + REFRESH_MS })),
    clearNotes: assign({ error: null, status: null }),
    openCancel: assign(({ event }) => {
      assertEvent(event, 'CANCEL_CALL')
      return { cancelling: event.uid, reason: '' }
    }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'REASON_CHANGED')
      return { reason: event.value.slice(0, CANCELLATION_REASON_MAX_LENGTH) }
    }),
    closeCancel: assign({ cancelling: null, reason: '' }),
    showCancelled: assign({ status: DESK_TEXTS.cancelled }),
    markNoShow: assign(({ event }) => {
      assertEvent(event, 'MARK_NO_SHOW')
      return { marking: { uid: event.uid, noShow: true, rebook: event.rebook } }
    }),
    undoNoShow: assign(({ event }) => {
      assertEvent(event, 'UNDO_NO_SHOW')
      return { marking: { uid: event.uid, noShow: false, rebook: false } }
    }),
    doneMarking: assign({ marking: null }),
    /** A change answers the last sentence about the form: it goes. */
    editTimeOff: assign(({ context, event }) => {
      assertEvent(event, 'TIME_OFF_CHANGED')
      return { timeOff: { ...context.timeOff, [event.field]: event.value }, error: context.error?.place === 'timeOff' ? null : context.error }
    }),
    showTimeOffProblem: assign(({ context }) => ({
      error: { place: 'timeOff', sentence: timeOffProblem(context.timeOff, context.now, context.view.timeZone) ?? '' },
    })),
    clearTimeOff: assign({ timeOff: EMPTY_TIME_OFF }),
    chooseRemoval: assign(({ event }) => {
      assertEvent(event, 'REMOVE_TIME_OFF')
      return { removing: event.id }
    }),
    doneRemoving: assign({ removing: null }),
    storeError: assign((_, params: { place: DeskErrorPlace; error: unknown }) => ({ error: { place: params.place, sentence: deskErrorText(params.error) } })),
    sayGoodbye: assign({ farewell: DESK_TEXTS.signedOut }),
    /** The dialog's field takes the focus as it opens, and its "Cancel call" button takes it back as it closes. */
    focusReason: () => providedByApp('focusReason'),
    returnFocus: (_, _params: { uid: string | null }) => providedByApp('returnFocus'),
  },
}).createMachine({
  id: 'desk',
  context: ({ input }) => {
    const now = input.clock()
    return {
      view: input.view,
      clock: input.clock,
      now,
      refreshAt: now + REFRESH_MS,
      cancelling: null,
      reason: '',
      marking: null,
      timeOff: EMPTY_TIME_OFF,
      removing: null,
      error: null,
      status: null,
      farewell: DESK_TEXTS.sessionEnded,
    }
  },
  output: ({ context }) => ({ sentence: context.farewell }),
  initial: 'loaded',
  states: {
    loaded: {
      initial: 'idle',
      states: {
        /** The board, waiting for the host or its timer. */
        idle: {
          after: {
            tick: [
              { guard: 'refreshDue', target: 'refreshing', actions: 'passTime' },
              { target: 'idle', reenter: true, actions: 'passTime' },
            ],
          },
          on: hostActions,
        },
        /** Asking for the calls again; a failure keeps the board as it is until the next refresh. */
        refreshing: {
          invoke: {
            id: 'loadDesk',
            src: 'loadDesk',
            onDone: { target: 'idle', actions: [{ type: 'storeView', params: ({ event }) => ({ view: event.output }) }, 'scheduleRefresh'] },
            onError: [
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#desk.sessionEnded' },
              { target: 'idle', actions: 'scheduleRefresh' },
            ],
          },
          on: hostActions,
        },
        /** "Cancel call"'s dialog: the reason for the visitor, then the request; a failure's sentence shows in it, the reason kept. */
        cancelDialog: {
          entry: 'focusReason',
          initial: 'editing',
          states: {
            editing: {
              on: {
                REASON_CHANGED: { actions: 'setReason' },
                CONFIRM_CANCEL: { guard: 'reasonSendable', target: 'sending', actions: 'clearNotes' },
                KEEP_CALL: {
                  target: '#desk.loaded.idle',
                  actions: [{ type: 'returnFocus', params: ({ context }) => ({ uid: context.cancelling }) }, 'closeCancel'],
                },
              },
            },
            sending: {
              invoke: {
                id: 'cancelCall',
                src: 'cancelCall',
                input: ({ context }) => ({ uid: context.cancelling ?? '', reason: context.reason }),
                onDone: {
                  target: '#desk.loaded.idle',
                  actions: [
                    { type: 'storeView', params: ({ event }) => ({ view: event.output }) },
                    'showCancelled',
                    { type: 'returnFocus', params: ({ context }) => ({ uid: context.cancelling }) },
                    'closeCancel',
                  ],
                },
                onError: failedAt((context) => context.cancelling ?? '', 'editing'),
              },
            },
          },
        },
        marking: {
          invoke: {
            id: 'markNoShow',
            src: 'markNoShow',
            input: ({ context }) => context.marking ?? { uid: '', noShow: false, rebook: false },
            onDone: { target: 'idle', actions: [{ type: 'storeView', params: ({ event }) => ({ view: event.output }) }, 'doneMarking'] },
            onError: failedAt((context) => context.marking?.uid ?? '', 'idle', 'doneMarking'),
          },
        },
        addingTimeOff: {
          invoke: {
            id: 'addTimeOff',
            src: 'addTimeOff',
            input: ({ context }) => timeOffRequest(context.timeOff),
            onDone: { target: 'idle', actions: [{ type: 'storeView', params: ({ event }) => ({ view: event.output }) }, 'clearTimeOff'] },
            onError: failedAt(() => 'timeOff', 'idle'),
          },
        },
        removingTimeOff: {
          invoke: {
            id: 'removeTimeOff',
            src: 'removeTimeOff',
            input: ({ context }) => ({ id: context.removing ?? '' }),
            onDone: { target: 'idle', actions: [{ type: 'storeView', params: ({ event }) => ({ view: event.output }) }, 'doneRemoving'] },
            onError: failedAt(() => 'timeOff', 'idle', 'doneRemoving'),
          },
        },
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: '#desk.signedOut', actions: 'sayGoodbye' },
            onError: failedAt(() => 'signOut', 'idle'),
          },
        },
      },
    },
    /** "Sign out" ended the session on the server. */
    signedOut: { type: 'final' },
    /** A request answered 401: the session is over (expired, or ended elsewhere). */
    sessionEnded: { type: 'final' },
  },
})

export type DeskSnapshot = SnapshotFrom<typeof deskMachine>
