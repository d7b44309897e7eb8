/**
 * What the day picker should show, followed step by step from what the visitor does and what the
 * calendar answers, for the slots path tests at both levels: the selected day, the loaded
 * window and its row of seven days, the requests made, the first-free-day jump and the look-ahead.
 * Pure; the row is worked out here, not by the code under test.
 */
import { mergeDaySlots, type SlotsByDate } from '../../../../core/slotWindow'
import { dayAfter, daysBetween, LATER, LATER_SLOTS, NOW, TIME_ZONE } from './bookingModel'

/** The date of an instant in a zone. */
const dateIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant))
const todayIn = (timeZone: string) => dateIn(NOW, timeZone)

export function expectedSlots(timeZone = TIME_ZONE) {
  const e = {
    timeZone,
    today: todayIn(timeZone),
    day: todayIn(timeZone),
    /** The day the last window was asked for, and its answer (null until it comes). */
    windowDay: todayIn(timeZone),
    window: null as SlotsByDate | null,
    seeking: true,
    /** The row was empty on opening: the look-ahead is in flight. */
    searching: false,
    nextFree: null as string | null,
    requests: 1,

    /** Seven days from three before the window's day, never before today. */
    row(): string[] {
      const first = daysBetween(e.today, e.windowDay) > 3 ? dayAfter(e.windowDay, -3) : e.today
      return Array.from({ length: 7 }, (_, i) => dayAfter(first, i))
    },
    lookaheadFrom: () => dayAfter(e.row()[6]!, 1),
    daySlots: () => mergeDaySlots(e.window ?? {}, e.day, e.timeZone),

    load() {
      e.windowDay = e.day
      e.window = null
      e.searching = false
      e.nextFree = null
      e.requests++
    },
    /** Previous Day (-1) or Next Day (+1): inside the loaded row no request, outside it a new window. */
    move(by: -1 | 1) {
      const target = dayAfter(e.day, by)
      const inRow = e.window !== null && !e.searching && e.row().includes(target)
      e.day = target
      e.seeking = false
      if (!inRow) e.load()
    },
    /** A day of the row (the model only offers it when the row is loaded). */
    choose(day: string) {
      e.day = day
    },
    goToNextFree() {
      e.day = e.nextFree!
      e.load()
    },
    /** The form's reload after a taken slot: the same row and day, asked again. */
    reload() {
      const row = e.windowDay
      e.load()
      e.windowDay = row
    },
    changeZone(zone: string) {
      e.timeZone = zone
      e.today = todayIn(zone)
      e.day = e.today
      e.seeking = true
      e.load()
    },
    /** The window's answer: on opening, the first day of the row with times, or the look-ahead. */
    answer(slots: SlotsByDate) {
      e.window = slots
      if (!e.seeking) return
      const first = e.row().find((day) => mergeDaySlots(slots, day, e.timeZone).length > 0)
      if (first) {
        e.day = first
        e.seeking = false
      } else {
        e.searching = true
        e.requests++
      }
    },
    answerLookahead(slots: SlotsByDate) {
      // The later answer's one slot, on its date in the zone shown, if it is not before the look-ahead's start.
      const later = dateIn(LATER_SLOTS[LATER]![0]!.time, e.timeZone)
      e.nextFree = slots === LATER_SLOTS && later >= e.lookaheadFrom() ? later : null
      e.seeking = false
      e.searching = false
    },
  }
  return e
}

export type ExpectedSlots = ReturnType<typeof expectedSlots>
