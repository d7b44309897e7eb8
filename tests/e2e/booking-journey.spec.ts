/**
 * journey on the built site and the real server, nothing routed: book in the modal, open the
 * link of the confirmation email the server wrote (DATA_DIR/outbox, no SMTP_URL), reschedule, then cancel;
 * each change reaches the visitor's mailbox, and the picker shows the slots it freed.
 */
import { expect, test, type Page } from '@playwright/test'
import { E2E_DATA_DIR } from './env'
import { waitForHydration } from './support/hydration'
import { readOutbox, type ReceivedMail } from '../support/outbox'
import {
  chooseSlot,
  confirmButton,
  dayButton,
  fillContact,
  goToBookableDay,
  moveToDay,
  openBookingModal,
  shownDay,
  slotButtons,
} from '../support/pages/bookingForm'
import { manageButton, newSlotButtons, reasonField, stepHeading } from '../support/pages/manageBooking'
import { typeInto } from '../support/typing'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

// An address and a day of its own (two weeks ahead), so the other specs booking on the same server never meet it.
const VISITOR = { name: 'Journey Walker', email: 'journey.walker@example.com' }
const DAYS_AHEAD = 14

/** The visitor's mail whose subject starts with `prefix`, once the mail worker has written it. */
async function mailFor(prefix: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readOutbox(E2E_DATA_DIR)).find((m) => m.to.includes(VISITOR.email) && m.subject.startsWith(prefix))
        return found?.subject
      },
      { timeout: 15_000, message: `an email "${prefix}…" to ${VISITOR.email} in ${E2E_DATA_DIR}/outbox` },
    )
    .toBeDefined()
  return found!
}

/** The free slots of the day named `day` as the booking modal on the home page shows them. */
async function freeSlotsInPicker(page: Page, day: string): Promise<string[]> {
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await moveToDay(dialog, day)
  await expect(slotButtons(dialog).first()).toBeVisible({ timeout: 10_000 })
  return (await slotButtons(dialog).allTextContents()).map((label) => label.trim())
}

test('book, follow the emailed link, reschedule, cancel: the emails arrive and the slots come back', async ({ page }) => {
  test.setTimeout(120_000)

  // Book the second slot of the day.
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await goToBookableDay(dialog, DAYS_AHEAD)
  // The day by name, not by distance from today: today may change while the test runs (Auckland's midnight).
  const day = (await shownDay(dialog).textContent())!
  const first = await chooseSlot(dialog, 1)
  await fillContact(dialog, VISITOR.name, VISITOR.email)
  await confirmButton(dialog).click()
  const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed' })
  await expect(toast).toBeVisible({ timeout: 15_000 })
  // One join link, the booking's own: in the success message, the email and the manage page, kept on the move.
  const joinUrl = (await toast.getByRole('link', { name: /^https:\/\/meet\.jit\.si\// }).getAttribute('href'))!
  expect(joinUrl).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/)
  const howYouMeet = (main: ReturnType<Page['getByRole']>) => main.getByRole('region', { name: "How you'll meet" })

  // The confirmation: the booked time in the subject, the invite, and the link to manage the call.
  const booked = await mailFor('Booked:')
  expect(booked.subject).toContain(first)
  expect(booked.attachments).toContain('invite.ics')
  expect(booked.text).toContain(`Join the call: ${joinUrl}`)
  const link = /https?:\/\/\S+\/booking\/[0-9a-f-]{36}/.exec(booked.text)?.[0]
  expect(link, 'the manage link in the email').toBeDefined()
  // Read on a phone: nothing runs past a 390 px screen, the long join link wraps inside it.
  const phone = await page.context().browser()!.newPage({ viewport: { width: 390, height: 844 } })
  await phone.setContent(booked.html)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(phone.getByRole('link', { name: joinUrl })).toBeInViewport({ ratio: 1 })
  await phone.close()

  // The link opens the booking.
  await page.goto(link!)
  await waitForHydration(page)
  const main = page.getByRole('main')
  await expect(stepHeading(main)).toHaveText('Your call is booked')
  await expect(main.getByText(first, { exact: false }).first()).toBeVisible()
  await expect(howYouMeet(main)).toContainText(`Join by video: ${joinUrl}`)

  // Reschedule to the fourth slot of the same day (the picker starts on today, like the booking form's).
  await manageButton(main, 'Reschedule').click()
  await expect(stepHeading(main)).toHaveText('Choose a new time')
  await moveToDay(main, day)
  await expect(newSlotButtons(main).first()).toBeVisible({ timeout: 10_000 })
  const second = (await newSlotButtons(main).nth(3).textContent())!.trim()
  expect(second).not.toBe(first)
  await newSlotButtons(main).nth(3).click()
  await manageButton(main, 'Move my call').click()
  await expect(stepHeading(main)).toHaveText('Your call has moved')
  const moved = await mailFor('Moved:')
  expect(moved.subject).toContain(second)
  expect(moved.text).toContain(`Join the call: ${joinUrl}`)
  await expect(howYouMeet(main)).toContainText(`Join by video: ${joinUrl}`)

  // In the picker, the first time is free again and the new one is taken.
  let free = await freeSlotsInPicker(page, day)
  expect(free).toContain(first)
  expect(free).not.toContain(second)

  // Cancel from the same link, with a reason.
  await page.goto(link!)
  await waitForHydration(page)
  await expect(stepHeading(main)).toHaveText('Your call is booked')
  await manageButton(main, 'Cancel this call').click()
  await typeInto(reasonField(main), 'Plans changed')
  await manageButton(main, 'Yes, cancel the call').click()
  await expect(stepHeading(main)).toHaveText('Your call is cancelled')
  expect((await mailFor('Cancelled:')).subject).toContain(second)

  // Both times are free again; the link now says the call was cancelled.
  free = await freeSlotsInPicker(page, day)
  expect(free).toEqual(expect.arrayContaining([first, second]))
  await page.goto(link!)
  await waitForHydration(page)
  await expect(stepHeading(main)).toHaveText('This call was cancelled')
  await expect(dayButton(main, 'Next Day')).toHaveCount(0)
})
