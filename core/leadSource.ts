/**
 * Where a lead came from (docs/booking.md#where-a-lead-came-from): the visit's first touch (Cal.com's five UTM
 * parameters, a named click id, the referring site's host, the landing path) and where the form was opened (the
 * page and the button). Its shape and names; how it travels with a booking is ./leadWire.ts. Imports nothing: the
 * first touch's reader, at every page's first idle moment, takes its names from here.
 */

/** Cal.com's `tracking` of a booking: the five UTM parameters of the booker's URL. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type UtmKey = (typeof UTM_KEYS)[number]
export type Tracking = Partial<Record<UtmKey, string>>

/** The ad platforms' click ids (Google, Meta, Microsoft, LinkedIn); a lead keeps the first of them the URL has. */
export const CLICK_ID_NAMES = ['gclid', 'fbclid', 'msclkid', 'li_fat_id'] as const
export type ClickIdName = (typeof CLICK_ID_NAMES)[number]

/**
 * What opens the booking form, as the site names it (each Book a Call button's `from`, the inline form, the mobile
 * menu, the voice widget). A request may name anything: the server keeps any plain text.
 */
export type BookingButton = 'hero' | 'header' | 'cta' | 'inline' | 'mobile-menu' | 'voice' | 'manage' | `service:${string}` | `plan:${string}`

/** What the agency learns of a booking's origin. Every field is optional: a booking may carry none of it. */
export interface LeadSource {
  tracking?: Tracking
  clickId?: { name: ClickIdName; value: string }
  /** The referring site's host (never its path or query, never this site's own). */
  referrerHost?: string
  /** The first page of the visit. */
  landingPath?: string
  /** The page the booking form was opened on. */
  bookedOnPage?: string
  /**
   * What opened the form: `hero`, `service:<slug>`, `inline`, `mobile-menu`, `voice` (the widget's Book a Call)…;
   * `voice` or `chat` without a page: the assistant booked it, on a call or in the text chat.
   */
  bookedFrom?: string
}

/**
 * A page as a lead names it: the manage page's uid is the right to change a booking (docs/design.md#server) and never
 * goes with it, in a mail or a calendar: `/booking/{uid}`.
 */
export const leadPage = (path: string): string => path.replace(/^\/booking\/[^/?#]+/, '/booking/{uid}')

/** Whether the voice assistant booked it (on a call or in the text chat): no page opened a form. */
export const bookedByAssistant = (source: LeadSource): source is LeadSource & { bookedFrom: 'voice' | 'chat' } =>
  (source.bookedFrom === 'voice' || source.bookedFrom === 'chat') && source.bookedOnPage === undefined

/**
 * The one name of where a lead came from, for counting (`npm run leads`): its utm_source, else the referring
 * site's host, else `voice` or `chat` for the assistant's bookings, else `direct`.
 */
export function sourceName(source: LeadSource | null | undefined): string {
  if (!source) return 'direct'
  return source.tracking?.utm_source ?? source.referrerHost ?? (bookedByAssistant(source) ? source.bookedFrom : 'direct')
}
