import type { Context } from 'hono'
import type { ApiContext } from '../../scheduler/apiContext'
import { sendOutcome } from './changeRoutes'

/**
 * GET /api/booking/{uid} — one booking for the manage page (/booking/{uid}). The random uid is the
 * capability, so the answer tells as little as it can (no email address):
 *
 *   200 { uid, title, startTime, endTime,          // ISO UTC instants
 *         status: 'ACCEPTED' | 'CANCELLED',
 *         timeZone,                                 // the visitor's zone at booking
 *         name,                                     // the visitor's name
 *         user: { username },                       // the host handle
 *         canChange: boolean,                       // false once started or cancelled
 *         changeNotice?: { closesAt, message } }    // while upcoming: online changes end at closesAt
 *   404 { message: 'This booking was not found.' } // unknown or malformed uid, whatever exists
 *
 * Always `Cache-Control: no-store` (createApi.ts). The schema is BookingViewSchema in core/manageWire.ts; every reschedule
 * (POST /api/book/event with `rescheduleUid`, dry run or not) answers with the same view.
 */
export async function bookingRoute(c: Context, ctx: ApiContext): Promise<Response> {
  return sendOutcome(c, ctx, await ctx.scheduler.booking(c.req.param('uid') ?? ''))
}
