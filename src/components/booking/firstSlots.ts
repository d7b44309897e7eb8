import { todayAt } from '../../../core/slotWindow'
import { prefetchSlots } from '../../lib/calendarApi'
import { nowInstant } from '../../lib/time'
import { preferredTimeZone } from '../../lib/timePreferences'

/**
 * Asks for the slots the picker shows first when the form opens (the slots machine's first query:
 * today in the visitor's zone), so they are there, or on their way, when it does.
 */
export function prefetchFirstSlots(): void {
  const timeZone = preferredTimeZone()
  prefetchSlots({ day: todayAt(nowInstant(), timeZone), timeZone })
}
