/**
 * How times show, the same in the booking form and on the manage page: the zone the visitor
 * chose in the 'Time zone' list and the '24-hour' switch. Both machines take these events, keep the two
 * values in context, tell their `slots` child the new zone and have the app remember both.
 */
import { assertEvent, assign, sendTo, type AnyActorRef, type EventObject } from 'xstate'
import { providedByApp } from './providedByApp'
import type { SlotsEvent } from './slots'

export type TimeDisplayEvent =
  /** The visitor chose a zone in the 'Time zone' list. */
  | { type: 'TIME_ZONE_CHOSEN'; timeZone: string }
  /** The '24-hour' switch. */
  | { type: 'CLOCK_CHANGED'; hour24: boolean }

/** The zone of a TIME_ZONE_CHOSEN event. */
export function chosenTimeZone(event: TimeDisplayEvent | { type: string }): string {
  assertEvent(event as TimeDisplayEvent, 'TIME_ZONE_CHOSEN')
  return (event as Extract<TimeDisplayEvent, { type: 'TIME_ZONE_CHOSEN' }>).timeZone
}

/** The clock of a CLOCK_CHANGED event. */
export function chosenClock(event: TimeDisplayEvent | { type: string }): boolean {
  assertEvent(event as TimeDisplayEvent, 'CLOCK_CHANGED')
  return (event as Extract<TimeDisplayEvent, { type: 'CLOCK_CHANGED' }>).hour24
}

/**
 * The transitions, by their actions' names (each machine's setup defines them). The chosen time is an
 * instant: it stays chosen in another zone, only its label changes.
 */
export const timeDisplayTransitions = {
  TIME_ZONE_CHOSEN: { actions: ['setTimeZone', 'rememberTimeZone', 'tellSlotsTheZone'] },
  CLOCK_CHANGED: { actions: ['setClock', 'rememberClock'] },
} as const

/** What a machine that shows times keeps of them. */
interface TimeDisplayContext {
  timeZone: string
  hour24: boolean
}

/**
 * The actions `timeDisplayTransitions` names, for a machine whose context keeps the zone and the clock and whose
 * `slots` child takes ZONE_CHANGED. The app remembers both for the next visit (in localStorage, shared by the
 * booking form and the manage page).
 */
export function timeDisplayActions<TContext extends TimeDisplayContext, TEvent extends EventObject>() {
  return {
    setTimeZone: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => ({ timeZone: chosenTimeZone(event) }) as Partial<TContext>),
    tellSlotsTheZone: sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>(
      'slots',
      ({ context }: { context: TContext }) => ({ type: 'ZONE_CHANGED', timeZone: context.timeZone }) satisfies SlotsEvent,
    ),
    setClock: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => ({ hour24: chosenClock(event) }) as Partial<TContext>),
    rememberTimeZone: (): void => providedByApp('rememberTimeZone'),
    rememberClock: (): void => providedByApp('rememberClock'),
  }
}
