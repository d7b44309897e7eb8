import type { Context } from 'hono'
import { buildCalendar } from '../../../core/icalendar'
import { bookingEvent } from '../../calendar/bookingEvent'
import type { BookingRow } from '../../db/rows'
import type { MailSettings } from '../../db/mailMessage'
import { mailSettings } from '../../mail/settings'
import { sameSecret } from '../../limits/sameSecret'
import { CAME_FROM, cameFrom } from '../../db/leadLine'
import { secretsRefusal, type SecretFailures } from '../../limits/secretFailures'
import { SERVER_SENTENCES } from '../../sentences'
import type { ApiContext } from '../../scheduler/apiContext'

/** What the agency reads of a booking's history in its calendar: rescheduled, cancelled and why. */
function history(b: BookingRow): string {
  const lines = []
  if (b.previousStartTime) lines.push(`Rescheduled from: ${b.previousStartTime}`)
  if (b.status === 'CANCELLED') lines.push(`Cancelled: ${b.cancelledAt ?? ''}`, `Reason: ${b.cancellationReason ?? 'none given'}`)
  return lines.map((line) => `\n${line}`).join('')
}

/**
 * The feed of the host's bookings, one event each; `now` is an ISO instant. A cancelled booking stays
 * in the feed with STATUS:CANCELLED (and says so in its title, for calendars that show it anyway); a
 * moved one carries its SEQUENCE. Each says where its lead came from (docs/booking.md#where-a-lead-came-from): the
 * feed is the agency's, behind ADMIN_TOKEN.
 */
export function bookingsCalendar(
  bookings: readonly BookingRow[],
  host: string,
  now: string,
  settings: Pick<MailSettings, 'calendarUid' | 'location'>,
): string {
  return buildCalendar({
    method: 'PUBLISH',
    name: `Bookings of ${host}`,
    now,
    events: bookings.map((b) => {
      const cancelled = b.status === 'CANCELLED'
      return bookingEvent(b, settings, {
        cancelled,
        title: cancelled ? `Cancelled: ${b.title}` : b.title,
        describe: (where) =>
          `${where.descriptionLine}\nName: ${b.name}\nEmail: ${b.email}\nTime zone: ${b.timeZone}${b.notes ? `\nNotes: ${b.notes}` : ''}${b.leadSource ? `\n${CAME_FROM}: ${cameFrom(b.leadSource)}` : ''}${history(b)}`,
      })
    }),
  })
}

/**
 * GET /api/bookings.ics — the host's calendar feed, behind ADMIN_TOKEN (404 when none is configured;
 * 429 for an address past its wrong tokens, before comparing).
 */
export async function bookingsFeedRoute(c: Context, ctx: ApiContext, failures: SecretFailures): Promise<Response> {
  const token = ctx.config.ADMIN_TOKEN
  if (!token) return c.json({ message: SERVER_SENTENCES.notFound }, 404)
  const given = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1]
  const secret = await failures.check(c, () => given !== undefined && sameSecret(given, token))
  if (secret.verdict === 'limited') return secretsRefusal(c, secret.retryAfterSeconds)
  if (secret.verdict === 'wrong') {
    return c.json({ message: SERVER_SENTENCES.bearerRequired }, 401, { 'WWW-Authenticate': 'Bearer realm="bookings"' })
  }
  const since = ctx.clock().subtract({ hours: 24 * 30 })
  const bookings = await ctx.store.list(since, 5000)
  return c.body(bookingsCalendar(bookings, ctx.config.BOOKING_HOST, ctx.clock().toString(), mailSettings(ctx.config, ctx.store.calendarSecret)), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
  })
}
