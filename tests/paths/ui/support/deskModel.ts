/**
 * The model options of the desk's path tests (the desk machine, machines/desk.ts), for the machine level
 * (vitest) and, later, the UI level (Playwright): the booking form's instant and zone (./bookingModel), a board
 * of three calls (one starting twenty seconds after NOW, one tomorrow in the host's time off, one yesterday)
 * and a time-off entry, and one sample per guard branch of every answer. Pure: no Playwright and no vitest here.
 */
import { BookingRejected } from '../../../../core/bookingErrors'
import { DESK_TEXTS, type DeskCall, type DeskView } from '../../../../core/deskWire'
import type { DeskBoardInput } from '../../../../machines/desk'
import type { AnySnapshot, ModelOptions } from '../../support/machineModel'
import { NOW, TIME_ZONE } from './bookingModel'

const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString()

/** Today (Tuesday 3 March in Auckland) 9:00:20 to 9:15:20: it starts twenty seconds after NOW, before the first refresh. */
export const SOON: DeskCall = {
  uid: 'call-soon',
  startTime: at(20_000),
  endTime: at(20_000 + 15 * 60_000),
  name: 'Aroha Ngata',
  email: 'aroha@example.com',
  timeZone: 'Pacific/Auckland',
  notes: 'Invoices by hand, every Friday.',
  joinUrl: 'https://meet.jit.si/0123456789abcdef01234567',
  phone: null,
  cameFrom: 'Google ads, "invoice automation"',
  bookedBy: 'form',
  brief: null,
  noShow: false,
  inTimeOff: false,
}

/** Tomorrow (Wednesday 4 March) 10:00 to 10:15 in Auckland, by phone, booked by the voice assistant, in the time off. */
export const TOMORROW_CALL: DeskCall = {
  ...SOON,
  uid: 'call-tomorrow',
  startTime: '2026-03-03T21:00:00.000Z',
  endTime: '2026-03-03T21:15:00.000Z',
  name: 'Sam Lee',
  email: 'sam@example.com',
  timeZone: 'Europe/London',
  notes: null,
  joinUrl: null,
  phone: '+64211234567',
  cameFrom: null,
  bookedBy: 'voice',
  brief: 'Wants the quotes written from the calls.',
  inTimeOff: true,
}

/** Yesterday (Monday 2 March) 10:00 to 10:15 in Auckland: over, not yet marked. */
export const YESTERDAY_CALL: DeskCall = { ...SOON, uid: 'call-yesterday', startTime: '2026-03-01T21:00:00.000Z', endTime: '2026-03-01T21:15:00.000Z', name: 'Mere Smith', email: 'mere@example.com' }

export const TIME_OFF_ENTRY = { id: 'off-1', from: '2026-03-04', to: '2026-03-04', label: 'Dentist' }
/** The id of an entry no longer listed. */
export const GONE_TIME_OFF = 'off-gone'

/** The days the time-off form is filled in with: today and tomorrow in Auckland. */
export const TODAY_DAY = '2026-03-03'
export const TOMORROW_DAY = '2026-03-04'

export const DESK: DeskView = {
  email: 'host@example.com',
  timeZone: TIME_ZONE,
  upcoming: [TOMORROW_CALL, SOON],
  past: [YESTERDAY_CALL],
  timeOff: [TIME_OFF_ENTRY],
}

/** The answers after each action (the server's view after it). */
export const AFTER_CANCEL: DeskView = { ...DESK, upcoming: [SOON] }
export const AFTER_MARK: DeskView = { ...DESK, past: [{ ...YESTERDAY_CALL, noShow: true }] }
export const AFTER_ADD: DeskView = { ...DESK, timeOff: [TIME_OFF_ENTRY, { id: 'off-2', from: TODAY_DAY, to: TOMORROW_DAY, label: null }] }
export const AFTER_REMOVE: DeskView = { ...DESK, timeOff: [] }
/** A refresh that finds nothing at all: no call changes phase, so the board's timer waits for the next refresh only. */
export const EMPTY: DeskView = { ...DESK, upcoming: [], past: [], timeOff: [] }

export const VIEWS: Readonly<Record<string, DeskView>> = { DESK, AFTER_CANCEL, AFTER_MARK, AFTER_ADD, AFTER_REMOVE, EMPTY }

export const REASON = 'I am unwell today, sorry. Please book another time.'
/** A reason the server refuses (a control character). */
export const BAD_REASON = 'Sorry\u0007'
/** A reason pasted longer than the field keeps (CANCELLATION_REASON_MAX_LENGTH characters). */
export const LONG_REASON = `${REASON} `.repeat(12)
/** A label with spaces around it: the request sends it trimmed. */
export const SPACED_LABEL = '  Dentist  '

/** The failures a desk request can meet: the session over, the server's own sentence, the network. */
export const SIGNED_OUT = new BookingRejected(401, DESK_TEXTS.sessionEnded, 'signed_out')
export const REFUSED = new BookingRejected(409, DESK_TEXTS.alreadyCancelled)
export const NETWORK = new TypeError('Failed to fetch')
export const FAILURES = [SIGNED_OUT, REFUSED, NETWORK] as const

export const deskInput: DeskBoardInput = { view: DESK, clock: () => Date.parse(NOW) }

const nameOf = (view: DeskView) => Object.entries(VIEWS).find(([, known]) => JSON.stringify(known) === JSON.stringify(view))?.[0] ?? 'other'

const errorsOf = (type: string) => FAILURES.map((error) => ({ type, error }))
const doneWith = (type: string, ...outputs: DeskView[]) => outputs.map((output) => ({ type, output }))

export const deskModel: ModelOptions = {
  input: deskInput,
  samples: {
    CANCEL_CALL: [{ type: 'CANCEL_CALL', uid: TOMORROW_CALL.uid }, { type: 'CANCEL_CALL', uid: YESTERDAY_CALL.uid }],
    REASON_CHANGED: [REASON, BAD_REASON, LONG_REASON].map((value) => ({ type: 'REASON_CHANGED', value })),
    MARK_NO_SHOW: [
      { type: 'MARK_NO_SHOW', uid: YESTERDAY_CALL.uid, rebook: true },
      { type: 'MARK_NO_SHOW', uid: SOON.uid, rebook: false },
    ],
    UNDO_NO_SHOW: [{ type: 'UNDO_NO_SHOW', uid: YESTERDAY_CALL.uid }],
    TIME_OFF_CHANGED: [
      { type: 'TIME_OFF_CHANGED', field: 'from', value: TODAY_DAY },
      { type: 'TIME_OFF_CHANGED', field: 'to', value: TOMORROW_DAY },
      { type: 'TIME_OFF_CHANGED', field: 'label', value: SPACED_LABEL },
    ],
    // The entry listed, and one removed meanwhile (another browser, say): the board does not ask for it.
    REMOVE_TIME_OFF: [
      { type: 'REMOVE_TIME_OFF', id: TIME_OFF_ENTRY.id },
      { type: 'REMOVE_TIME_OFF', id: GONE_TIME_OFF },
    ],
    'xstate.done.actor.loadDesk': doneWith('xstate.done.actor.loadDesk', DESK, EMPTY),
    'xstate.done.actor.cancelCall': doneWith('xstate.done.actor.cancelCall', AFTER_CANCEL),
    'xstate.done.actor.markNoShow': doneWith('xstate.done.actor.markNoShow', AFTER_MARK),
    'xstate.done.actor.addTimeOff': doneWith('xstate.done.actor.addTimeOff', AFTER_ADD),
    'xstate.done.actor.removeTimeOff': doneWith('xstate.done.actor.removeTimeOff', AFTER_REMOVE),
    'xstate.error.actor.loadDesk': errorsOf('xstate.error.actor.loadDesk'),
    'xstate.error.actor.cancelCall': errorsOf('xstate.error.actor.cancelCall'),
    'xstate.error.actor.markNoShow': errorsOf('xstate.error.actor.markNoShow'),
    'xstate.error.actor.addTimeOff': errorsOf('xstate.error.actor.addTimeOff'),
    'xstate.error.actor.removeTimeOff': errorsOf('xstate.error.actor.removeTimeOff'),
    'xstate.error.actor.signOut': errorsOf('xstate.error.actor.signOut'),
  },
  // Snapshots are told apart by what the guards read (the board, whether SOON has started, the form's days (and
  // its label once both are in), the dialog's call and whether its reason is plain), not by the clock nor by the
  // sentences shown.
  serializeState: (snapshot: AnySnapshot) => {
    const { context } = snapshot
    const { from, to, label } = context.timeOff
    return JSON.stringify([
      snapshot.value,
      nameOf(context.view),
      context.now >= Date.parse(SOON.startTime),
      [Boolean(from), Boolean(to) && (label ? 'labelled' : true)],
      context.cancelling,
      context.reason === BAD_REASON,
      // Where a sentence shows, on the board only (what the time-off form's changes clear depends on it).
      !snapshot.matches({ loaded: 'idle' }) || context.error === null ? null : context.error.place === 'timeOff' ? 'timeOff' : 'elsewhere',
    ])
  },
}
