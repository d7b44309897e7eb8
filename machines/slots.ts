/**
 * The slots of the selected day (docs/design.md#machines): loading, then ready (loaded, empty, or no
 * times this week), or failed. Each load asks for the window around the selected day (3 days before
 * to 7 after) and keeps all of it: the day row shows seven of its days with their number of free
 * times, and moving to a day of the row (a tap, Previous Day, Next Day) shows it without a request.
 * Moving out of the row, reloading or changing the zone re-enters `loading`, which stops the previous
 * request, so an answer for a day the visitor has already left never lands.
 *
 * On opening and after a zone change the picker goes to the first day of the row with free times;
 * when the row has none it looks ahead (one request) and names the next free day.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import {
  firstFreeDay,
  firstFreeDayFrom,
  isBefore,
  mergeDaySlots,
  rowDays,
  shiftDay,
  todayAt,
  type SlotsByDate,
  type SlotsQuery,
} from '../core/slotWindow'
import { providedByApp } from './providedByApp'

export interface SlotsInput {
  /** The current instant (ISO): today is its date in the zone. */
  now: string
  /** The IANA zone the days and times are in. */
  timeZone: string
  /** When moving a booking (the manage page): its uid, sent with every request. */
  rescheduleUid?: string
}

export interface SlotsContext {
  now: string
  /** Today in the zone (YYYY-MM-DD): the earliest day allowed. */
  today: string
  /** The selected day, YYYY-MM-DD in the zone. */
  day: string
  timeZone: string
  /** The selected day's free slots: sorted, unique ISO instants. */
  slots: string[]
  /** The day the loaded window was asked for: the row is rowDays(windowDay, today). */
  windowDay: string
  /** The loaded window's free slots by date key; empty while loading. */
  window: SlotsByDate
  /** Going to the first free day once the window is in (on opening, after a zone change). */
  seeking: boolean
  /** After an empty week: the next day with free times, if the look-ahead found one. */
  nextFree: string | null
  rescheduleUid: string | null
}

export type SlotsEvent =
  | { type: 'PREVIOUS_DAY' }
  | { type: 'NEXT_DAY' }
  /** A day of the row. */
  | { type: 'DAY_CHOSEN'; day: string }
  /** 'Go to …' after an empty week. */
  | { type: 'NEXT_FREE_DAY_CHOSEN' }
  | { type: 'RETRY' }
  /** The form asks for a fresh list (a slot was just taken or booked). */
  | { type: 'RELOAD' }
  /** The visitor chose another zone: days and times are re-labelled, and the picker starts again. */
  | { type: 'ZONE_CHANGED'; timeZone: string }

type DayParams = { day: string }

const inRow = (context: SlotsContext, day: string) => rowDays(context.windowDay, context.today).includes(day)
const freeOn = (context: SlotsContext, day: string) => mergeDaySlots(context.window, day, context.timeZone)

/** A move inside the row: to `loaded` when the day has free times, to `empty` when not; out of the row it falls to the root's reload. */
const showDay = (params: (args: { context: SlotsContext; event: SlotsEvent }) => DayParams) =>
  [
    { guard: { type: 'freeDayInRow', params }, target: '.loaded', actions: { type: 'showDay', params } },
    { guard: { type: 'dayInRow', params }, target: '.empty', actions: { type: 'showDay', params } },
  ] as const

export const slotsMachine = setup({
  types: {
    input: {} as SlotsInput,
    context: {} as SlotsContext,
    events: {} as SlotsEvent,
  },
  actors: {
    loadSlots: fromPromise<SlotsByDate, SlotsQuery>(() => providedByApp('loadSlots')),
  },
  guards: {
    /** Previous Day is allowed only when the day before is not in the past. */
    dayBeforeIsNotPast: ({ context }) => !isBefore(shiftDay(context.day, -1), context.today),
    dayInRow: ({ context }, params: DayParams) => inRow(context, params.day),
    freeDayInRow: ({ context }, params: DayParams) => inRow(context, params.day) && freeOn(context, params.day).length > 0,
    dayHasSlots: ({ context }, params: { slots: SlotsByDate }) => mergeDaySlots(params.slots, context.day, context.timeZone).length > 0,
    seeking: ({ context }) => context.seeking,
    /** Opening (or a new zone) and the row has a free day: go there. */
    seekingAndRowHasFreeDay: ({ context }, params: { slots: SlotsByDate }) =>
      context.seeking && firstFreeDay(params.slots, rowDays(context.windowDay, context.today), context.timeZone) !== null,
    hasNextFree: ({ context }) => context.nextFree !== null,
  },
  actions: {
    goToPreviousDay: assign({ day: ({ context }) => shiftDay(context.day, -1) }),
    goToNextDay: assign({ day: ({ context }) => shiftDay(context.day, 1) }),
    goToNextFreeDay: assign({ day: ({ context }) => context.nextFree ?? context.day }),
    stopSeeking: assign({ seeking: false }),
    /**
     * A new request: its window is the selected day's (the row's own on a RELOAD, so the row and the chosen day stay
     * where the visitor left them), and nothing of the last one shows meanwhile.
     */
    startLoading: assign(({ context, event }) => ({ slots: [], window: {}, nextFree: null, windowDay: event.type === 'RELOAD' ? context.windowDay : context.day })),
    storeWindow: assign((_, params: { slots: SlotsByDate }) => ({ window: params.slots })),
    storeSlots: assign(({ context }, params: { slots: SlotsByDate }) => ({
      slots: mergeDaySlots(params.slots, context.day, context.timeZone),
    })),
    goToFirstFreeDay: assign(({ context }, params: { slots: SlotsByDate }) => {
      const day = firstFreeDay(params.slots, rowDays(context.windowDay, context.today), context.timeZone) ?? context.day
      return { day, slots: mergeDaySlots(params.slots, day, context.timeZone), seeking: false }
    }),
    showDay: assign(({ context }, params: DayParams) => ({ day: params.day, slots: freeOn(context, params.day) })),
    storeNextFree: assign(({ context }, params: { slots: SlotsByDate }) => ({
      nextFree: firstFreeDayFrom(params.slots, lookaheadStart(context), context.timeZone),
      seeking: false,
    })),
    changeZone: assign(({ context, event }) => {
      assertEvent(event, 'ZONE_CHANGED')
      const today = todayAt(context.now, event.timeZone)
      return { timeZone: event.timeZone, today, day: today, seeking: true }
    }),
  },
}).createMachine({
  id: 'slots',
  context: ({ input }) => {
    const today = todayAt(input.now, input.timeZone)
    return {
      now: input.now,
      today,
      day: today,
      timeZone: input.timeZone,
      slots: [],
      windowDay: today,
      window: {},
      seeking: true,
      nextFree: null,
      rescheduleUid: input.rescheduleUid ?? null,
    }
  },
  initial: 'loading',
  on: {
    // A day the visitor moves to is theirs: no jump to the first free day after it loads.
    PREVIOUS_DAY: { guard: 'dayBeforeIsNotPast', target: '.loading', actions: ['goToPreviousDay', 'stopSeeking'] },
    NEXT_DAY: { target: '.loading', actions: ['goToNextDay', 'stopSeeking'] },
    RELOAD: { target: '.loading' },
    ZONE_CHANGED: { target: '.loading', actions: 'changeZone' },
  },
  states: {
    loading: {
      entry: 'startLoading',
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }): SlotsQuery => ({ day: context.windowDay, timeZone: context.timeZone, ...reschedule(context) }),
        onDone: [
          {
            guard: { type: 'seekingAndRowHasFreeDay', params: ({ event }) => ({ slots: event.output }) },
            target: 'ready.loaded',
            actions: [
              { type: 'storeWindow', params: ({ event }) => ({ slots: event.output }) },
              { type: 'goToFirstFreeDay', params: ({ event }) => ({ slots: event.output }) },
            ],
          },
          // Opening on an empty week: say so once, with the next free day, instead of an empty today.
          { guard: 'seeking', target: 'searching', actions: { type: 'storeWindow', params: ({ event }) => ({ slots: event.output }) } },
          {
            guard: { type: 'dayHasSlots', params: ({ event }) => ({ slots: event.output }) },
            target: 'ready.loaded',
            actions: [
              { type: 'storeWindow', params: ({ event }) => ({ slots: event.output }) },
              { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
            ],
          },
          { target: 'ready.empty', actions: { type: 'storeWindow', params: ({ event }) => ({ slots: event.output }) } },
        ],
        onError: { target: 'failed' },
      },
    },
    /** The row is empty: one request for the weeks after it, for the next free day. */
    searching: {
      invoke: {
        id: 'findNextFree',
        src: 'loadSlots',
        input: ({ context }): SlotsQuery => ({ day: lookaheadStart(context), timeZone: context.timeZone, lookahead: true, ...reschedule(context) }),
        onDone: { target: 'ready.noTimesThisWeek', actions: { type: 'storeNextFree', params: ({ event }) => ({ slots: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    /** The window is in: the row's counts are known, and its days are a tap away. */
    ready: {
      on: {
        PREVIOUS_DAY: showDay(({ context }) => ({ day: shiftDay(context.day, -1) })),
        NEXT_DAY: showDay(({ context }) => ({ day: shiftDay(context.day, 1) })),
        DAY_CHOSEN: showDay(({ event }) => {
          assertEvent(event, 'DAY_CHOSEN')
          return { day: event.day }
        }),
      },
      initial: 'loaded',
      states: {
        loaded: {},
        empty: {},
        noTimesThisWeek: {
          on: { NEXT_FREE_DAY_CHOSEN: { guard: 'hasNextFree', target: '#slots.loading', actions: 'goToNextFreeDay' } },
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
  },
})

/** The day after the row: where the look-ahead starts. */
function lookaheadStart(context: SlotsContext): string {
  return shiftDay(rowDays(context.windowDay, context.today).at(-1) ?? context.day, 1)
}

const reschedule = (context: SlotsContext) => (context.rescheduleUid ? { rescheduleUid: context.rescheduleUid } : {})

export type SlotsSnapshot = SnapshotFrom<typeof slotsMachine>

export type SlotsStatus = 'loading' | 'searching' | 'loaded' | 'empty' | 'noTimesThisWeek' | 'failed'

/** What the slot grid shows. */
export function slotsStatus(snapshot: SlotsSnapshot): SlotsStatus {
  const value = snapshot.value
  return typeof value === 'string' ? value : value.ready
}

/** One day of the row: its date, its number of free times (null while unknown), whether it is the selected one. */
export interface RowDay {
  day: string
  count: number | null
  selected: boolean
}

/** The seven days of the loaded window (docs/design.md#machines: the day row). */
export function dayRow(snapshot: SlotsSnapshot): RowDay[] {
  const { context } = snapshot
  const known = snapshot.matches('ready') || snapshot.matches('searching')
  return rowDays(context.windowDay, context.today).map((day) => ({
    day,
    count: known ? mergeDaySlots(context.window, day, context.timeZone).length : null,
    selected: day === context.day,
  }))
}
