/**
 * A phone call booked as a visitor books it, on the built site and the real server (nothing routed): the e2e
 * build offers video and phone (tests/e2e/env.ts). The number is typed key by key, a wrong one is refused at the
 * field, and the right one reaches the confirmation, the visitor's email and the agency's, and the manage page
 * (docs/design.md#where-the-call-happens).
 */
import { expect, test, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { waitForHydration } from './support/hydration'
import { mailWith } from './support/mail'
import { chooseSlot, confirmButton, fillContact, goToBookableDay, meetingChoice, openBookingModal, phoneField, talkToExpert, typeInto } from '../support/pages/bookingForm'
import { stepHeading } from '../support/pages/manageBooking'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

// An address and a day of their own, so the other specs booking on the same server never meet them.
const VISITOR = { name: 'Phone Caller', email: 'phone.caller@example.com' }
const DAYS_AHEAD = 16

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`${size}: a phone call, its number typed key by key, reaches the confirmation, both emails and the manage page`, async ({ browser }, testInfo: TestInfo) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' })
    const page = await context.newPage()
    const email = `${size}.${VISITOR.email}`
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await goToBookableDay(dialog, DAYS_AHEAD + (size === 'phone' ? 0 : 1))
    await chooseSlot(dialog, 0)
    await fillContact(dialog, VISITOR.name, email)

    // Video is preselected and asks for no number; a phone call asks for one.
    await expect(meetingChoice(dialog, 'Video call')).toBeChecked()
    await expect(phoneField(dialog)).toHaveCount(0)
    await meetingChoice(dialog, 'Phone call').click()
    const phone = phoneField(dialog)
    await expect(phone).toHaveAttribute('type', 'tel')
    await expect(phone).toHaveAttribute('autocomplete', 'tel')

    // Not a number: refused at the field, in words, and nothing is booked.
    await typeInto(phone, '12ab')
    await confirmButton(dialog).click()
    await expect(phone).toHaveAccessibleDescription('Please enter a valid phone number (for one outside New Zealand, start with + and the country code)')
    await expect(dialog).toBeVisible()
    await expect(phone).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath(`phone-refused-${size}.png`) })
    await expectNoAxeViolations(page, { include: 'dialog' })

    await typeInto(phone, '021 555 0123')
    await expect(phone).not.toHaveAttribute('aria-invalid')
    const booked = page.waitForRequest((request) => request.url().endsWith('/api/book/event'))
    await confirmButton(dialog).click()
    expect((await booked).postDataJSON().responses.location).toEqual({ value: 'phone', optionValue: '+64215550123' })

    const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed' })
    await expect(toast).toBeVisible({ timeout: 15_000 })
    await expect(toast.getByText("We'll call you on +64 21 555 0123.", { exact: true })).toBeVisible()
    await expect(toast.getByRole('link', { name: /^https:/ })).toHaveCount(0)
    await page.screenshot({ path: testInfo.outputPath(`phone-confirmed-${size}.png`) })

    // The visitor reads whom the agency calls; the agency reads whom to call.
    const visitorMail = await mailWith((to) => to.includes(email), "We'll call you on +64 21 555 0123")
    expect(visitorMail.text).not.toContain('Join the call')
    await mailWith((to) => !to.includes(email), 'Phone call: +64 21 555 0123')

    // The manage page says the agency calls, without the number (its link is a capability, not a login).
    const link = /https?:\/\/\S+\/booking\/[0-9a-f-]{36}/.exec(visitorMail.text)![0]
    await page.goto(link)
    await waitForHydration(page)
    const main = page.getByRole('main')
    await expect(stepHeading(main)).toHaveText('Your call is booked')
    await expect(main.getByRole('region', { name: "How you'll meet" })).toContainText("We'll call you at the time above, on the number you gave when booking.")
    await expect(main).not.toContainText('555 0123')
    await context.close()
  })
}

test('the Talk to an Expert section offers the ways the build offers, video or phone, and promises no call', async ({ page }) => {
  await page.goto('/about')
  const section = await talkToExpert(page)
  await expect(section.getByText('Pick a time that suits you, by video or phone, and we', { exact: false })).toBeVisible()
  await expect(section).not.toContainText("we'll call you")
})
