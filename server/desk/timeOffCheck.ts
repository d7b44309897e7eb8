/**
 * Whether a time-off request (core/deskWire.ts TimeOffRequestSchema, already well-formed) can be taken at `today`
 * (the host's zone): its last day on or after its first, not over already, at most TIME_OFF_MAX_DAYS days.
 */
import { Temporal } from 'temporal-polyfill'
import { DESK_TEXTS, TIME_OFF_MAX_DAYS } from '../../core/deskWire'

/** The sentence that refuses it, or undefined. */
export function timeOffRefusal(from: string, to: string, today: Temporal.PlainDate): string | undefined {
  let first: Temporal.PlainDate
  let last: Temporal.PlainDate
  try {
    // `2026-02-30` passes the wire's pattern but is no day.
    first = Temporal.PlainDate.from(from, { overflow: 'reject' })
    last = Temporal.PlainDate.from(to, { overflow: 'reject' })
  } catch {
    return DESK_TEXTS.timeOffOrder
  }
  if (Temporal.PlainDate.compare(last, first) < 0) return DESK_TEXTS.timeOffOrder
  if (Temporal.PlainDate.compare(last, today) < 0) return DESK_TEXTS.timeOffPast
  if (first.until(last, { largestUnit: 'days' }).days + 1 > TIME_OFF_MAX_DAYS) return DESK_TEXTS.timeOffTooLong
  return undefined
}
