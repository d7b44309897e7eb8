/**
 * The agency's one line of where a booking came from (docs/booking.md#where-a-lead-came-from): its "Came from" in
 * the agency's mails and brief, `npm run bookings`, the owner feed and the CalDAV event. Never in what the visitor
 * receives. Every value in it is the visitor's browser's, kept plain (core/leadSource.ts); each reader escapes it
 * for where it goes.
 */
import { bookedByAssistant, type BookingButton, type LeadSource } from '../../core/leadSource'

/** The label of the line, wherever it stands. */
export const CAME_FROM = 'Came from'

/** The buttons the site names, as the agency reads them; a new name without its words does not compile. */
const BUTTONS: Readonly<Record<Exclude<BookingButton, `${string}:${string}`>, string>> = {
  hero: 'the hero button',
  header: "the header's Book a Call",
  cta: 'the closing banner',
  inline: 'the inline form',
  'mobile-menu': 'the mobile menu',
  voice: "the voice widget's Book a Call",
  manage: 'the manage page',
}

/** A button's name in words: `service:sms` is the sms service card; one the site does not name is quoted. */
function buttonWords(button: string): string {
  if (Object.hasOwn(BUTTONS, button)) return BUTTONS[button as keyof typeof BUTTONS]
  const [kind, slug] = button.split(/:(.*)/)
  if (slug && kind === 'service') return `the ${slug} service card`
  if (slug && kind === 'plan') return `the ${slug} plan card`
  return `“${button}”`
}

/** The campaign, else the referring site, else direct: `linkedin / paid / spring (term ai, content banner) via www.linkedin.com, gclid`. */
function origin(source: LeadSource): string {
  const { utm_source, utm_medium, utm_campaign, utm_term, utm_content } = source.tracking ?? {}
  const campaign = [utm_source, utm_medium, utm_campaign].filter(Boolean).join(' / ')
  const detail = [utm_term && `term ${utm_term}`, utm_content && `content ${utm_content}`].filter(Boolean).join(', ')
  const referrer = source.referrerHost
  const parts = [
    campaign || (detail ? 'a campaign' : ''),
    detail && `(${detail})`,
    referrer && (campaign || detail ? `via ${referrer}` : `referred by ${referrer}`),
  ].filter(Boolean)
  const where = parts.length > 0 ? parts.join(' ') : 'direct'
  return source.clickId ? `${where}, ${source.clickId.name} ${source.clickId.value}` : where
}

/**
 * "linkedin / paid / spring — landed on /use-cases, booked from the hero button" (the page the form was opened on is
 * named when it is not the landing page); "the voice assistant, on a call". A booking that carried nothing (made
 * before the site kept it, or by a client that sends none) has no line: its readers leave it out.
 */
export function cameFrom(source: LeadSource): string {
  if (bookedByAssistant(source)) return source.bookedFrom === 'voice' ? 'the voice assistant, on a call' : "the assistant's text chat"
  const steps = [
    source.landingPath && `landed on ${source.landingPath}`,
    source.bookedFrom &&
      `booked from ${buttonWords(source.bookedFrom)}${source.bookedOnPage && source.bookedOnPage !== source.landingPath ? ` on ${source.bookedOnPage}` : ''}`,
    !source.bookedFrom && source.bookedOnPage && source.bookedOnPage !== source.landingPath && `booked on ${source.bookedOnPage}`,
  ].filter(Boolean)
  return steps.length > 0 ? `${origin(source)} — ${steps.join(', ')}` : origin(source)
}
