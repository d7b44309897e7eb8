/**
 * What the desk shows (core/deskWire.ts DeskView): the upcoming calls, those in time off first; the past
 * DESK_PAST_DAYS days' calls, latest first; and the time off not yet over. The agency's data only.
 */
import { Temporal } from 'temporal-polyfill'
import { bookedByAssistant } from '../../core/leadSource'
import { DESK_PAST_DAYS, type DeskCall, type DeskView } from '../../core/deskWire'
import type { DeskRow, TimeOffRow } from '../db/desk'
import type { BookingStore } from '../db/store'
import { cameFrom } from '../db/leadLine'
import type { MailSettings } from '../db/mailMessage'

/** Whether a day (YYYY-MM-DD) falls within an entry of time off. */
const withinTimeOff = (date: string, timeOff: readonly TimeOffRow[]) => timeOff.some((entry) => entry.from <= date && date <= entry.to)

function deskCall(row: DeskRow, settings: Pick<MailSettings, 'location' | 'hostZone'>, timeOff: readonly TimeOffRow[]): DeskCall {
  const location = settings.location(row)
  const day = Temporal.Instant.from(row.startTime).toZonedDateTimeISO(settings.hostZone).toPlainDate().toString()
  return {
    uid: row.uid,
    startTime: row.startTime,
    endTime: row.endTime,
    name: row.name,
    email: row.email,
    timeZone: row.timeZone,
    notes: row.notes,
    joinUrl: location.type === 'video' ? location.url : null,
    phone: location.type === 'phone' ? location.phone : null,
    cameFrom: row.leadSource ? cameFrom(row.leadSource) : null,
    bookedBy: row.byVoiceCall || (row.leadSource !== null && bookedByAssistant(row.leadSource)) ? 'voice' : 'form',
    brief: row.callSummary,
    noShow: row.noShow,
    inTimeOff: withinTimeOff(day, timeOff),
  }
}

/** The desk of `email` at `now`. */
export async function deskView(
  store: BookingStore,
  settings: Pick<MailSettings, 'location' | 'hostZone'>,
  email: string,
  now: Temporal.Instant,
): Promise<DeskView> {
  const today = now.toZonedDateTimeISO(settings.hostZone).toPlainDate().toString()
  const [rows, timeOff] = await Promise.all([store.desk.calls(now.subtract({ hours: DESK_PAST_DAYS * 24 })), store.desk.timeOff(today)])
  const calls = rows.map((row) => deskCall(row, settings, timeOff))
  const ended = (call: DeskCall) => Date.parse(call.endTime) <= now.epochMilliseconds
  // Calls come by start: the ones in time off go first, each group still by start (a stable sort).
  const upcoming = calls.filter((call) => !ended(call)).sort((a, b) => Number(b.inTimeOff) - Number(a.inTimeOff))
  const past = calls.filter(ended).reverse()
  return { email, timeZone: settings.hostZone, upcoming, past, timeOff }
}
