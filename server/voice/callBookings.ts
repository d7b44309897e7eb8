/**
 * Which booking a voice call made: book_call records the platform's call id on it, so
 * the call's end-of-call report (callReport.ts) finds the booking its brief is about.
 */
import * as v from 'valibot'
import type { ApiContext } from '../scheduler/apiContext'

const BookedSchema = v.object({ uid: v.string() })

/**
 * Records `callId` on the booking the scheduler answered with. Only the built-in
 * scheduler keeps bookings here; with Cal.com the call's report finds none and is dropped.
 */
export async function rememberCall(ctx: ApiContext, callId: string, booked: unknown): Promise<void> {
  if (ctx.config.CALCOM_URL) return
  const parsed = v.safeParse(BookedSchema, booked)
  if (!parsed.success) return
  await ctx.store.voiceCalls.recordBooking(parsed.output.uid, callId)
}
