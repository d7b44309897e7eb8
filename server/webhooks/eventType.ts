/** The one event type and its one host, as Cal.com's API v2 and its webhook payloads name them (docs/design.md#product). */
import { BOOKING_LENGTH_MINUTES } from '../../core/bookingWire'
import type { ServerConfig } from '../config'

/** The host's user id, as /v2/me answers it and a payload's organizer carries it: there is one user. */
export const HOST_USER_ID = 1

/** Its title: bookings are titled "15 Min Call between {host} and {visitor}", Cal.com's default event name. */
export const EVENT_TYPE_TITLE = '15 Min Call'

export interface EventTypeInfo {
  id: number
  slug: string
  title: string
  lengthInMinutes: number
}

export const eventTypeOf = (config: Pick<ServerConfig, 'BOOKING_EVENT_TYPE_ID' | 'BOOKING_EVENT_TYPE_SLUG'>): EventTypeInfo => ({
  id: config.BOOKING_EVENT_TYPE_ID,
  slug: config.BOOKING_EVENT_TYPE_SLUG,
  title: EVENT_TYPE_TITLE,
  lengthInMinutes: BOOKING_LENGTH_MINUTES,
})

/** The host as Cal.com's user: /v2/me, and a payload's organizer. */
export interface HostUser {
  id: number
  username: string
  /** HOST_EMAIL, or without one the sender's (MAIL_FROM): the one address the agency has named. */
  email: string
  name: string
  timeZone: string
}

export const hostUserOf = (
  config: Pick<ServerConfig, 'BOOKING_HOST' | 'HOST_EMAIL' | 'MAIL_FROM' | 'BOOKING_HOST_NAME' | 'SCHEDULE_TIME_ZONE'>,
): HostUser => ({
  id: HOST_USER_ID,
  username: config.BOOKING_HOST,
  email: config.HOST_EMAIL ?? config.MAIL_FROM.address,
  name: config.BOOKING_HOST_NAME,
  timeZone: config.SCHEDULE_TIME_ZONE,
})
