/**
 * The UID of a booking's event in the host's calendar: the one the invites carry, so the event a host
 * accepted from an email and the one written over CalDAV are the same, and both are recognised as ours
 * when read back. One function, so the UID's form can change in one place.
 */
import type { BookingRow } from '../db/store'

export const calendarUid = (booking: Pick<BookingRow, 'uid'>): string => booking.uid
