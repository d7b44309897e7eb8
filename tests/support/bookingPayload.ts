/**
 * The POST /api/book/event body (docs/design.md#wire) as the tests expect it on the wire: one visitor
 * booking Monday 23 November 2026, 10:00 in Auckland. Written out by hand on purpose: the tests compare
 * what the code sends with this, so it must never be built by the code under test.
 */
import type { BookingRequest } from '../../core/bookingWire'

export function bookingPayload(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [] },
    user: 'kiwi-automate',
    start: '2026-11-23T10:00:00+13:00',
    end: '2026-11-23T10:15:00+13:00',
    eventTypeId: 7,
    eventTypeSlug: 'quick-chat',
    timeZone: 'Pacific/Auckland',
    language: 'en',
    metadata: {},
    hasHashedBookingLink: false,
    routedTeamMemberIds: null,
    skipContactOwner: false,
    _isDryRun: false,
    dub_id: null,
    ...overrides,
  }
}
