import { calendarUid } from '../calendar/calendarUid'
import { callLocationOf } from '../calendar/callLocation'
import type { ServerConfig } from '../config'
import type { MailSettings } from '../db/mailMessage'

/** What the messages read of the configuration, and the secret of the events' UIDs (the store's). */
export function mailSettings(config: ServerConfig, calendarSecret: string): MailSettings {
  return {
    from: config.MAIL_FROM,
    hostEmail: config.HOST_EMAIL,
    hostName: config.BOOKING_HOST_NAME,
    hostZone: config.SCHEDULE_TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    calendarUid: (bookingId) => calendarUid(calendarSecret, bookingId, config.BOOKING_HOST),
    location: (booking) => callLocationOf(config.VIDEO_CALL_URL, calendarSecret, booking),
  }
}
