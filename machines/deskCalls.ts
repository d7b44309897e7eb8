/**
 * What the desk reads of its calls and its time off (docs/desk.md), pure, for the desk's machine and its views
 * alike: the days the calls fall on in the host's zone, where each call stands against the board's clock, and
 * what is wrong with a time-off entry before it is sent. Days are Temporal's (docs/design.md#time).
 */
import { Temporal } from 'temporal-polyfill'
import { isPlainText } from '../core/bookingFields'
import { DESK_JOIN_SOON_MINUTES, DESK_TEXTS, TIME_OFF_LABEL_MAX_LENGTH, TIME_OFF_MAX_DAYS, type DeskCall, type DeskView } from '../core/deskWire'

export const JOIN_SOON_MS = DESK_JOIN_SOON_MINUTES * 60_000

/** One day's calls, in the order the view lists them. */
export interface DeskDay {
  /** YYYY-MM-DD in the host's zone. */
  day: string
  calls: DeskCall[]
}

/** The day an instant falls on in a zone. */
export const dayIn = (instant: string | number, timeZone: string): string =>
  (typeof instant === 'number' ? Temporal.Instant.fromEpochMilliseconds(instant) : Temporal.Instant.from(instant)).toZonedDateTimeISO(timeZone).toPlainDate().toString()

/** The calls grouped by the day they start on in the host's zone, keeping the order the server gave (by start, time off first). */
export function callsByDay(calls: readonly DeskCall[], timeZone: string): DeskDay[] {
  const days: DeskDay[] = []
  for (const call of calls) {
    const day = dayIn(call.startTime, timeZone)
    const found = days.find((d) => d.day === day)
    if (found) found.calls.push(call)
    else days.push({ day, calls: [call] })
  }
  return days
}

/** Where a call stands at `now`: before its join link comes up, in the ten minutes before it, under way, over. */
export type CallPhase = 'before' | 'joinSoon' | 'started' | 'over'

export function callPhase(call: Pick<DeskCall, 'startTime' | 'endTime'>, now: number): CallPhase {
  const start = Date.parse(call.startTime)
  if (now >= Date.parse(call.endTime)) return 'over'
  if (now >= start) return 'started'
  return now >= start - JOIN_SOON_MS ? 'joinSoon' : 'before'
}

/** "Join" is the call's prominent action from DESK_JOIN_SOON_MINUTES before its start until its end. */
export const joinProminent = (call: DeskCall, now: number): boolean => ['joinSoon', 'started'].includes(callPhase(call, now))

/** A call may be marked a no-show once it has started (the server refuses earlier, with notStarted). */
export const hasStarted = (call: DeskCall, now: number): boolean => now >= Date.parse(call.startTime)

/** The next moment after `now` at which a listed call changes phase, or null when none will. */
export function nextCallMoment(view: DeskView, now: number): number | null {
  const moments = view.upcoming.flatMap((call) => {
    const start = Date.parse(call.startTime)
    return [start - JOIN_SOON_MS, start, Date.parse(call.endTime)]
  })
  const ahead = moments.filter((at) => at > now)
  return ahead.length ? Math.min(...ahead) : null
}

/** Every call the desk lists, upcoming and past. */
export const allCalls = (view: DeskView): DeskCall[] => [...view.upcoming, ...view.past]

export const findCall = (view: DeskView, uid: string): DeskCall | undefined => allCalls(view).find((call) => call.uid === uid)

/** The "Time off" form as the host fills it in. */
export interface TimeOffForm {
  from: string
  to: string
  label: string
}

export const EMPTY_TIME_OFF: TimeOffForm = { from: '', to: '', label: '' }

const plainDate = (text: string): Temporal.PlainDate | null => {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Temporal.PlainDate.from(text) : null
  } catch {
    return null
  }
}

/**
 * The sentence a time-off entry gets before it is sent, or null when the server would take it: both days given
 * and in order, the last one today or later in the host's zone, at most TIME_OFF_MAX_DAYS days, a plain label.
 */
export function timeOffProblem(form: TimeOffForm, now: number, timeZone: string): string | null {
  const from = plainDate(form.from)
  const to = plainDate(form.to)
  if (!from || !to || Temporal.PlainDate.compare(from, to) > 0) return DESK_TEXTS.timeOffOrder
  if (Temporal.PlainDate.compare(to, Temporal.PlainDate.from(dayIn(now, timeZone))) < 0) return DESK_TEXTS.timeOffPast
  if (from.until(to).days + 1 > TIME_OFF_MAX_DAYS) return DESK_TEXTS.timeOffTooLong
  const label = form.label.trim()
  if (label.length > TIME_OFF_LABEL_MAX_LENGTH || !isPlainText(label)) return DESK_TEXTS.timeOffLabelInvalid
  return null
}
