import type { MailSettings } from '../../../server/db/mailMessage'

/** The mail settings the message tests build their mails with: the agency of the fixtures, its zone and address. */
export const TEST_MAIL_SETTINGS: MailSettings = {
  from: { name: 'Kiwi Automate', address: 'bookings@kiwi.example' },
  hostEmail: 'team@kiwi.example',
  hostName: 'Kiwi Automate',
  hostZone: 'Pacific/Auckland',
  publicUrl: 'https://kiwi.example',
  calendarUid: (id) => `event-${id}@kiwi-automate`,
  location: (booking) => (booking.phone ? { type: 'phone', phone: booking.phone } : { type: 'video', url: `https://meet.kiwi.example/room-${booking.id}` }),
}
