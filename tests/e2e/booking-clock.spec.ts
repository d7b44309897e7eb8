/**
 * The visitor's clock reaches their emails (docs/email.md#times): a visitor who switches the picker to the
 * 24-hour clock books on the built site and the real server, and reads "14:00 to 14:15" in the confirmation
 * email; the agency's email keeps the 12-hour clock.
 */
import { expect, test } from '@playwright/test'
import { mailWith } from './support/mail'
import { chooseSlot, clockSwitch, confirmButton, fillContact, goToBookableDay, openBookingModal } from '../support/pages/bookingForm'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

// A day and addresses of their own, so the other specs booking on the same server never meet them.
const DAYS_AHEAD = 18

/** 2:00 pm, as the agency's email writes a local time "14:00". */
function twelveHour(hhmm: string): string {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number]
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`${size}: a visitor on the 24-hour clock reads it in their email`, async ({ browser }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' })
    const page = await context.newPage()
    const email = `${size}.clock.reader@example.com`
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await goToBookableDay(dialog, DAYS_AHEAD + (size === 'phone' ? 0 : 1))
    await clockSwitch(dialog).click()
    await expect(clockSwitch(dialog)).toHaveAttribute('aria-checked', 'true')
    const label = await chooseSlot(dialog, 1)
    expect(label).toMatch(/^\d{2}:\d{2}$/)
    await fillContact(dialog, 'Clock Reader', email)
    const booked = page.waitForRequest((request) => request.url().endsWith('/api/book/event'))
    await confirmButton(dialog).click()
    const body = (await booked).postDataJSON() as { start: string; end: string; metadata: Record<string, string> }
    // Beside where the lead came from (tests/e2e/lead-source.spec.ts).
    expect(body.metadata.timeFormat).toBe('24')
    await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeVisible({ timeout: 15_000 })

    // The call's local start and end, as the request gives them (Auckland, the visitor's zone here).
    const [start, end] = [body.start.slice(11, 16), body.end.slice(11, 16)]
    expect(start).toBe(label)
    await mailWith((to) => to.includes(email), `${start} to ${end} (Pacific/Auckland`)
    await mailWith((to) => !to.includes(email), `${twelveHour(start)} to ${twelveHour(end)} (Pacific/Auckland`)
    await context.close()
  })
}
