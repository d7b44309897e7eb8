/**
 * The slots request of docs/design.md#wire as the browser and the voice tools build it, without valibot: the
 * page's idle prefetch (src/boot/slotsPrefetch.ts) builds it before the form's code has loaded, and must ask
 * exactly what the picker will ask, byte for byte, so the picker takes its answer.
 */

/** The window asked for around a day: from the start of 3 days before to the end of 7 days after (core/slotWindow.ts). */
export const DAYS_BEFORE = 3
export const DAYS_AFTER = 7

/** Whose free times are asked for: the host handle and the event type's slug (settings both sides read). */
export interface SlotsIdentity {
  host: string
  eventTypeSlug: string
}

/** The times asked about: [startTime, endTime) as ISO instants, grouped by date in `timeZone`. */
export interface SlotsRange {
  startTime: string
  endTime: string
  timeZone: string
  /** The booking being moved: its own slot counts as free. */
  rescheduleUid?: string
}

/** The `?input=` of GET /api/calendar/slots as built here (core/bookingWire.ts's SlotsInputSchema checks it). */
export interface SlotsRequestInput {
  json: {
    isTeamEvent: boolean
    usernameList: string[]
    eventTypeSlug: string
    startTime: string
    endTime: string
    timeZone: string
    duration: null
    rescheduleUid: string | null
    orgSlug: null
  }
}

/** The slots input as the booking form and the voice tools ask it (one builder, so they ask alike). */
export function buildSlotsInput({ startTime, endTime, timeZone, rescheduleUid }: SlotsRange, identity: SlotsIdentity): SlotsRequestInput {
  return {
    json: {
      isTeamEvent: false,
      usernameList: [identity.host],
      eventTypeSlug: identity.eventTypeSlug,
      startTime,
      endTime,
      timeZone,
      duration: null,
      rescheduleUid: rescheduleUid ?? null,
      orgSlug: null,
    },
  }
}

/** GET /api/calendar/slots with its `?input=`, after the API's base. */
export const slotsPath = (range: SlotsRange, identity: SlotsIdentity): string =>
  `/api/calendar/slots?input=${encodeURIComponent(JSON.stringify(buildSlotsInput(range, identity)))}`
