/**
 * Where a lead came from (docs/booking.md#where-a-lead-came-from): the visit's first touch (Cal.com's five UTM
 * parameters, a named click id, the referring site's host, the landing path) and where the form was opened (the
 * page and the button). The browser sends it with the booking as Cal.com's booker does (`tracking`, and `metadata`
 * strings); the server reads it back under the one text rule, cut to LEAD_TEXT_MAX_LENGTH, and ignores anything
 * else, so a booking never fails for it. Pure: no valibot, no Temporal.
 */
import { isPlainText } from './bookingFields'

/** Cal.com's `tracking` of a booking: the five UTM parameters of the booker's URL. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type UtmKey = (typeof UTM_KEYS)[number]
export type Tracking = Partial<Record<UtmKey, string>>

/** The ad platforms' click ids (Google, Meta, Microsoft, LinkedIn); a lead keeps the first of them the URL has. */
export const CLICK_ID_NAMES = ['gclid', 'fbclid', 'msclkid', 'li_fat_id'] as const
export type ClickIdName = (typeof CLICK_ID_NAMES)[number]

/** The longest value kept: a campaign's name or an id fits many times; a 5,000-character one is cut. */
export const LEAD_TEXT_MAX_LENGTH = 200

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

/** The `metadata` keys of a booking request that carry a lead's strings, beside the click id under its own name. */
const METADATA_KEYS = ['referrerHost', 'landingPath', 'bookedOnPage', 'bookedFrom'] as const

/**
 * A lead's value as it is kept: a string, each character the one text rule refuses dropped (docs/design.md#one-text-rule),
 * trimmed, cut to LEAD_TEXT_MAX_LENGTH characters; undefined for anything else or nothing left.
 */
export function leadText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // By code points, so a cut never splits a surrogate pair and each character is judged alone.
  const kept = [...value].filter(isPlainText).join('').trim()
  return kept === '' ? undefined : [...kept].slice(0, LEAD_TEXT_MAX_LENGTH).join('').trimEnd()
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Cal.com's `tracking` as kept: the five UTM keys with a value, or undefined when none has one. */
export function plainTracking(value: unknown): Tracking | undefined {
  if (!isRecord(value)) return undefined
  const tracking: Tracking = {}
  for (const key of UTM_KEYS) {
    const text = leadText(value[key])
    if (text !== undefined) tracking[key] = text
  }
  return Object.keys(tracking).length > 0 ? tracking : undefined
}

/** A request's `metadata` as Cal.com takes it (strings only): each string under the rule and cut, the rest left out. */
export function plainMetadata(metadata: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [key, value] of Object.entries(metadata)) {
    const text = leadText(value)
    if (text !== undefined) kept[key] = text
  }
  return kept
}

/** What a lead adds to a booking request: Cal.com's `tracking`, and `metadata` strings. */
export function leadRequestFields(source: LeadSource): { tracking?: Tracking; metadata: Record<string, string> } {
  const metadata: Record<string, string> = {}
  for (const key of METADATA_KEYS) {
    const text = leadText(source[key])
    if (text !== undefined) metadata[key] = text
  }
  const clickId = source.clickId && leadText(source.clickId.value)
  if (source.clickId && clickId) metadata[source.clickId.name] = clickId
  const tracking = plainTracking(source.tracking)
  return { ...(tracking ? { tracking } : {}), metadata }
}

/** The lead a booking request carries (its `tracking` and `metadata`), or undefined when it carries none. */
export function leadSourceOf(request: { tracking?: unknown; metadata?: Record<string, unknown> }): LeadSource | undefined {
  const metadata = request.metadata ?? {}
  const source: LeadSource = {}
  const tracking = plainTracking(request.tracking)
  if (tracking) source.tracking = tracking
  const clickName = CLICK_ID_NAMES.find((name) => leadText(metadata[name]) !== undefined)
  if (clickName) source.clickId = { name: clickName, value: leadText(metadata[clickName]) as string }
  for (const key of METADATA_KEYS) {
    const text = leadText(metadata[key])
    if (text !== undefined) source[key] = text
  }
  return Object.keys(source).length > 0 ? source : undefined
}

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
