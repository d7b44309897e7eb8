/**
 * How times show, the same in the booking form and on the manage page: the zone the visitor
 * chose in the 'Time zone' list and the '24-hour' switch. Both machines take these events, keep the two
 * values in context, tell their `slots` child the new zone and have the app remember both.
 */
import { assertEvent } from 'xstate'

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
