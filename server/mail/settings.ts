import type { ServerConfig } from '../config'
import type { MailSettings } from './message'

/** What the messages read of the configuration. */
export function mailSettings(config: ServerConfig): MailSettings {
  return {
    from: config.MAIL_FROM,
    hostEmail: config.HOST_EMAIL,
    hostName: config.BOOKING_HOST_NAME,
    hostZone: config.SCHEDULE_TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
  }
}
