/**
 * Page helpers of the bookingModal UI paths: the calendar API answered with page.route (so a booking
 * can be confirmed without the real scheduler). Locators are in tests/support/pages.
 */
import type { Page, Route } from '@playwright/test'
import type { BookingRequest, BookingResponse, SlotsInput } from '../../../../core/bookingWire'

export const VISITOR = { name: 'Aroha Ngata', email: 'aroha@example.co.nz' } as const

/** docs/design.md#errors, modal variant. */
export const TOAST_TEXT = `Booking confirmed! You'll receive a confirmation email at ${VISITOR.email}`

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })

/**
 * Answers GET /api/calendar/slots with one free slot on whatever day is asked for (the window starts
 * three days before it), and POST /api/book/event with a confirmation of what was sent.
 */
export async function answerCalendarApi(page: Page): Promise<{ bookings: BookingRequest[] }> {
  const bookings: BookingRequest[] = []
  await page.route('**/api/calendar/slots?**', (route) => {
    const input = JSON.parse(new URL(route.request().url()).searchParams.get('input')!) as SlotsInput
    // 14:00 on the asked day (give or take the zone's offset): well inside the day the form merges.
    const slot = new Date(Date.parse(input.json.startTime) + (3 * 24 + 14) * 3600_000)
    return json(route, { result: { data: { json: { slots: { [slot.toISOString().slice(0, 10)]: [{ time: slot.toISOString() }] } } } } })
  })
  await page.route('**/api/book/event', (route) => {
    const request = route.request().postDataJSON() as BookingRequest
    bookings.push(request)
    const answer: BookingResponse = {
      id: bookings.length,
      uid: `path-booking-${bookings.length}`,
      title: `Quick chat with ${request.responses.name}`,
      startTime: new Date(request.start).toISOString(),
      endTime: new Date(request.end).toISOString(),
      status: 'ACCEPTED',
      eventTypeId: request.eventTypeId,
      responses: { name: request.responses.name, email: request.responses.email, guests: [] },
      attendees: [{ name: request.responses.name, email: request.responses.email, timeZone: request.timeZone }],
      user: { username: request.user },
    }
    return json(route, answer)
  })
  return { bookings }
}
