/** The manage page's calls (Cal.com's shapes): read one booking, cancel it, move it. */
import { BookingViewSchema, CancelAnswerSchema, type BookingView, type CancelRequest, type RescheduleRequest } from '../../../core/manageWire'
import { bookingSettings } from '../../config'
import { postJson, readAnswer } from './calendarApi'

/** GET /api/booking/{uid}; 404 (unknown or malformed uid) and every other non-OK answer throw BookingRejected. */
export async function fetchBooking(uid: string, signal?: AbortSignal): Promise<BookingView> {
  const response = await fetch(`${bookingSettings.apiBase}/api/booking/${encodeURIComponent(uid)}`, {
    signal,
    headers: { Accept: 'application/json' },
  })
  return readAnswer(response, BookingViewSchema)
}

/** POST /api/cancel with `{ uid, cancellationReason? }`; a non-OK answer throws BookingRejected. */
export async function cancelBooking(request: CancelRequest, signal?: AbortSignal): Promise<void> {
  await postJson('/api/cancel', request, CancelAnswerSchema, signal)
}

/** POST /api/book/event with `rescheduleUid` (Cal.com's reschedule); the answer is the moved booking's view. */
export function rescheduleBooking(request: RescheduleRequest, signal?: AbortSignal): Promise<BookingView> {
  return postJson('/api/book/event', request, BookingViewSchema, signal)
}
