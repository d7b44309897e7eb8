/**
 * The slots of the selected day (docs/design.md#machines): loading, loaded, empty, failed. Keyed by the day; moving
 * to another day or reloading re-enters `loading`, which stops the previous request, so an answer for
 * a day the visitor has already left never lands.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { isBefore, mergeDaySlots, shiftDay, type SlotsByDate, type SlotsQuery } from '../core/slotWindow'
import { providedByApp } from './providedByApp'

export interface SlotsInput {
  /** Today in the visitor's zone (YYYY-MM-DD): the first day shown and the earliest day allowed. */
  today: string
  timeZone: string
  /** When moving a booking (the manage page): its uid, sent with every request. */
  rescheduleUid?: string
}

export interface SlotsContext {
  today: string
  /** The selected day, YYYY-MM-DD in the visitor's zone. */
  day: string
  timeZone: string
  /** The day's free slots: sorted, unique ISO instants. */
  slots: string[]
  rescheduleUid: string | null
}

export type SlotsEvent =
  | { type: 'PREVIOUS_DAY' }
  | { type: 'NEXT_DAY' }
  | { type: 'RETRY' }
  /** The form asks for a fresh list (a slot was just taken or booked). */
  | { type: 'RELOAD' }

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
    dayHasSlots: ({ context }, params: { slots: SlotsByDate }) =>
      mergeDaySlots(params.slots, context.day, context.timeZone).length > 0,
  },
  actions: {
    goToPreviousDay: assign({ day: ({ context }) => shiftDay(context.day, -1) }),
    goToNextDay: assign({ day: ({ context }) => shiftDay(context.day, 1) }),
    clearSlots: assign({ slots: () => [] }),
    storeSlots: assign(({ context }, params: { slots: SlotsByDate }) => ({
      slots: mergeDaySlots(params.slots, context.day, context.timeZone),
    })),
  },
}).createMachine({
  id: 'slots',
  context: ({ input }) => ({
    today: input.today,
    day: input.today,
    timeZone: input.timeZone,
    slots: [],
    rescheduleUid: input.rescheduleUid ?? null,
  }),
  initial: 'loading',
  on: {
    PREVIOUS_DAY: { guard: 'dayBeforeIsNotPast', target: '.loading', reenter: true, actions: 'goToPreviousDay' },
    NEXT_DAY: { target: '.loading', reenter: true, actions: 'goToNextDay' },
    RELOAD: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      entry: 'clearSlots',
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }): SlotsQuery => ({
          day: context.day,
          timeZone: context.timeZone,
          ...(context.rescheduleUid ? { rescheduleUid: context.rescheduleUid } : {}),
        }),
        onDone: [
          {
            guard: { type: 'dayHasSlots', params: ({ event }) => ({ slots: event.output }) },
            target: 'loaded',
            actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
          },
          { target: 'empty' },
        ],
        onError: { target: 'failed' },
      },
    },
    loaded: {},
    empty: {},
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
  },
})

export type SlotsSnapshot = SnapshotFrom<typeof slotsMachine>

/** What the slot grid shows: loading, loaded, empty or failed. */
export const slotsStatus = (snapshot: SlotsSnapshot) => snapshot.value
