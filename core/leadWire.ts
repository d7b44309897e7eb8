/**
 * How a lead (./leadSource.ts) travels with a booking, as Cal.com's booker sends it: `tracking` (the UTM parameters)
 * and `metadata` strings. The browser builds them; the server reads them back under the one text rule
 * (docs/design.md#one-text-rule), cut to LEAD_TEXT_MAX_LENGTH, and ignores anything else, so a booking never fails
 * for them (docs/booking.md#where-a-lead-came-from). Pure: no valibot, no Temporal.
 */
import { isPlainText } from './bookingFields'
import { CLICK_ID_NAMES, leadPage, UTM_KEYS, type LeadSource, type Tracking } from './leadSource'

/** The longest value kept: a campaign's name or an id fits many times; a 5,000-character one is cut. */
export const LEAD_TEXT_MAX_LENGTH = 200

/** The `metadata` keys of a booking request that carry a lead's strings, beside the click id under its own name. */
const METADATA_KEYS = ['referrerHost', 'landingPath', 'bookedOnPage', 'bookedFrom'] as const

/** The keys that name a page of the site. */
const PAGE_KEYS: ReadonlySet<string> = new Set(['landingPath', 'bookedOnPage'])

/** A metadata key's value as kept: plain text, and a page without a capability in it. */
function leadValue(key: string, value: unknown): string | undefined {
  const text = leadText(value)
  return text !== undefined && PAGE_KEYS.has(key) ? leadPage(text) : text
}

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
    const text = leadValue(key, source[key])
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
    const text = leadValue(key, metadata[key])
    if (text !== undefined) source[key] = text
  }
  return Object.keys(source).length > 0 ? source : undefined
}

