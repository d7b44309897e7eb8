/**
 * The manage page /booking/{uid} on the built site: served as one shell for every uid, the
 * same "not found" for any unknown uid (from the real server), and, with the API answered through
 * page.route, a keyboard-only move and cancel, a slot taken meanwhile, past and cancelled bookings,
 * and axe at 390 and 1280 px in each step.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { bookingDialog, chooseTimeZone, clockSwitch } from '../support/pages/bookingForm'
import { answer, nthRequest, routeManageApi, type ManageRoutes } from '../support/manageApi'
import {
  manageButton,
  managePath,
  newSlot,
  newSlotButtons,
  openManagePage,
  pageHeading,
  reasonField,
  stepAlert,
  stepHeading,
  keyboardToTime,
  tabTo,
} from '../support/pages/manageBooking'
import { CHOSEN, NO_SLOTS, TODAY, TODAY_SLOTS } from '../paths/ui/support/bookingModel'
import {
  CANCELLED,
  MANAGE_TEXTS,
  MOVED,
  MOVED_LABEL,
  NOTICE,
  NOTICE_BEGUN,
  NOTICE_REFUSAL,
  PAST,
  REASON,
  RESCHEDULE_REQUEST,
  UID,
  UPCOMING,
  UPCOMING_LABEL,
  UPCOMING_START_LABEL,
} from '../paths/ui/support/manageModel'
import { JOIN_URL, JOINABLE } from '../paths/ui/support/joinWindowModel'
import { expectNoAxeViolations } from './support/axe'
import { typeInto } from '../support/typing'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

const CANCEL_OK = { json: { success: true, message: 'Booking successfully cancelled.', bookingId: 12, bookingUid: UID, onlyRemovedAttendee: false } }
const SLOT_TAKEN = { status: 409, body: JSON.stringify({ message: 'no_available_users_found_error' }) }

/** The manage page with the API held, its booking answered with `booking`. */
async function openWith(page: Page, booking = UPCOMING): Promise<{ main: Locator; routes: ManageRoutes }> {
  const routes = await routeManageApi(page)
  const main = await openManagePage(page, UID)
  await answer(await nthRequest(routes.loads, 1), { json: booking })
  await expect(stepHeading(main)).toBeVisible()
  return { main, routes }
}

test.describe('served as a shell', () => {
  test('every /booking/<uid> is the same 200 shell: noindex, no booking in it, not in the sitemap', async ({ request }) => {
    const pages = await Promise.all([UID, 'not-a-uid', 'x'.repeat(200)].map((uid) => request.get(managePath(uid))))
    const bodies = await Promise.all(pages.map((p) => p.text()))
    for (const [i, response] of pages.entries()) {
      expect(response.status()).toBe(200)
      expect(bodies[i]).toBe(bodies[0])
    }
    expect(bodies[0]).toContain('<meta name="robots" content="noindex" />')
    expect(bodies[0]).toContain('Manage your call')
    expect(bodies[0]).toContain(MANAGE_TEXTS.loading)
    expect(bodies[0]).not.toContain(UID)
    expect((await request.get('/booking')).status()).toBe(404)
    expect((await request.get(`/booking/${UID}/more`)).status()).toBe(404)
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/booking')
  })

  test('an unknown or malformed uid shows the same not-found view, with Book a new call', async ({ page }) => {
    for (const uid of ['3f0c1a52-0000-4000-8000-000000000000', 'not a uid', '✓']) {
      const main = await openManagePage(page, uid)
      await expect(pageHeading(main)).toBeVisible()
      await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.notFoundHeading)
      await expect(main.getByText(MANAGE_TEXTS.notFound)).toBeVisible()
      await expect(manageButton(main, 'Reschedule')).toHaveCount(0)
    }
    const main = page.getByRole('main')
    await manageButton(main, 'Book a new call').click()
    await expect(bookingDialog(page)).toBeVisible()
  })
})

test('keyboard only: move the call, then cancel it with a reason, then book a new one', async ({ page }) => {
  const { main, routes } = await openWith(page)
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.loadedHeading)
  await expect(main.getByText(UPCOMING_LABEL)).toBeVisible()
  await expect(main.getByText(MANAGE_TEXTS.zone)).toBeVisible()

  await tabTo(page, manageButton(main, 'Reschedule'))
  await page.keyboard.press('Enter')
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.rescheduleHeading)
  await expect(stepHeading(main)).toBeFocused()
  await keyboardToTime(page, newSlotButtons(main), newSlot(main, CHOSEN.label))
  await page.keyboard.press('Space')
  await expect(newSlot(main, CHOSEN.label)).toHaveAttribute('aria-pressed', 'true')
  await tabTo(page, manageButton(main, 'Move my call'))
  await page.keyboard.press('Enter')
  const move = await nthRequest(routes.moves, 1)
  expect(move.request().postDataJSON()).toEqual(RESCHEDULE_REQUEST)
  await answer(move, { json: MOVED })
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.rescheduledHeading)
  await expect(stepHeading(main)).toBeFocused()
  await expect(main.getByText(MOVED_LABEL)).toBeVisible()
  await expect(main.getByText(`Was ${UPCOMING_START_LABEL}`)).toBeVisible()

  await tabTo(page, manageButton(main, 'Cancel this call'))
  await page.keyboard.press('Enter')
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.confirmCancelHeading)
  await expect(stepHeading(main)).toBeFocused()
  await tabTo(page, reasonField(main))
  await page.keyboard.type(REASON)
  await tabTo(page, manageButton(main, 'Yes, cancel the call'))
  await page.keyboard.press('Enter')
  const cancel = await nthRequest(routes.cancels, 1)
  expect(cancel.request().postDataJSON()).toEqual({ uid: UID, cancellationReason: REASON })
  await answer(cancel, CANCEL_OK)
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.cancelDoneHeading)
  await expect(stepHeading(main)).toBeFocused()

  const bookNew = manageButton(main, 'Book a new call')
  await tabTo(page, bookNew)
  await page.keyboard.press('Enter')
  await expect(bookingDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(bookingDialog(page)).toBeHidden()
  await expect(bookNew).toBeFocused()
})

test('on a phone each new step is in view: its heading and what it says, after Move my call and after Cancel', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { main, routes } = await openWith(page)
  await manageButton(main, 'Reschedule').click()
  await newSlot(main, CHOSEN.label).click()
  // The visitor has scrolled down to the button, as on a phone they must.
  await manageButton(main, 'Move my call').scrollIntoViewIfNeeded()
  await manageButton(main, 'Move my call').click()
  await answer(await nthRequest(routes.moves, 1), { json: MOVED })
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.rescheduledHeading)
  await expect(stepHeading(main)).toBeInViewport()
  await expect(main.getByText(MOVED_LABEL)).toBeInViewport()

  await manageButton(main, 'Cancel this call').scrollIntoViewIfNeeded()
  await manageButton(main, 'Cancel this call').click()
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.confirmCancelHeading)
  await expect(stepHeading(main)).toBeInViewport()
  await expect(main.getByText(MOVED_LABEL)).toBeInViewport()
})

test('a reason with an invisible character gets the field’s sentence as it is typed, and goes once it is gone', async ({ page }) => {
  const { main } = await openWith(page)
  await manageButton(main, 'Cancel this call').click()
  const reason = reasonField(main)
  await reason.pressSequentially('Sorry, busy')
  await expect(reason).not.toHaveAttribute('aria-invalid')
  // A right-to-left mark, pasted with the text around it (no key types it).
  await page.keyboard.insertText('\u200f')
  const sentence = 'The reason must be at most 500 characters, without control or invisible characters.'
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  await expect(reason).toHaveAccessibleDescription(new RegExp(`${sentence.replace(/[.]/g, '[.]')}$`))
  await expect(main.getByText(sentence)).toBeInViewport()
  await page.keyboard.press('Backspace')
  await expect(reason).toHaveValue('Sorry, busy')
  await expect(reason).not.toHaveAttribute('aria-invalid')
  await expect(main.getByText(sentence)).toHaveCount(0)
})

test('a tap into the reason before the step has drawn its frame keeps the focus there and every key typed', async ({ page }) => {
  const { main } = await openWith(page)
  // A slow phone: the page's clock stands still, so the frame that moves the focus to the new step waits behind the tap.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await manageButton(main, 'Cancel this call').click()
  const reason = reasonField(main)
  await reason.click()
  await reason.pressSequentially('Sorry, something came up')
  await page.clock.runFor(1_000)
  await expect(reason).toBeFocused()
  await expect(reason).toHaveValue('Sorry, something came up')
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.confirmCancelHeading)
})

test('keyboard only: leaving a step keeps the booking and puts the focus back on it', async ({ page }) => {
  const { main, routes } = await openWith(page)
  await tabTo(page, manageButton(main, 'Cancel this call'))
  await page.keyboard.press('Enter')
  await tabTo(page, manageButton(main, 'Keep my call'))
  await page.keyboard.press('Enter')
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.loadedHeading)
  await expect(stepHeading(main)).toBeFocused()
  await tabTo(page, manageButton(main, 'Reschedule'))
  await page.keyboard.press('Enter')
  await tabTo(page, manageButton(main, 'Keep the current time'))
  await page.keyboard.press('Enter')
  await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.loadedHeading)
  expect(routes.cancels).toHaveLength(0)
  expect(routes.moves).toHaveLength(0)
})

test('a slot taken meanwhile: the message, fresh slots without it, and another time moves the call', async ({ page }) => {
  const { main, routes } = await openWith(page)
  await manageButton(main, 'Reschedule').click()
  await newSlot(main, CHOSEN.label).click()
  await manageButton(main, 'Move my call').click()
  // Someone else booked 12:00 pm: the next answer lists the day without it.
  routes.slots = { [TODAY]: TODAY_SLOTS.filter((s) => s.time !== CHOSEN.time).map(({ time }) => ({ time })) }
  await answer(await nthRequest(routes.moves, 1), SLOT_TAKEN)
  await expect(stepAlert(main)).toHaveText('This time slot is no longer available. Please select another time.')
  await expect(stepHeading(main)).toBeFocused()
  await expect(newSlotButtons(main)).toHaveText(['11:00 am', '11:30 am', '2:00 pm'])
  await expect(manageButton(main, 'Move my call')).toBeDisabled()
  await newSlot(main, '2:00 pm').click()
  await expect(stepAlert(main)).toHaveText('')
  await manageButton(main, 'Move my call').click()
  const move = await nthRequest(routes.moves, 2)
  expect(move.request().postDataJSON()).toMatchObject({ start: '2026-03-03T14:00:00+13:00', rescheduleUid: UID })
  await answer(move, { json: { ...MOVED, startTime: '2026-03-03T01:00:00.000Z', endTime: '2026-03-03T01:15:00.000Z' } })
  await expect(main.getByText('Tuesday, 3 March 2026, 2:00 pm to 2:15 pm')).toBeVisible()
})

test('the booked call goes into Google Calendar or Outlook with its start and end; the reschedule step has the zone and the clock', async ({ page }) => {
  const { main, routes } = await openWith(page)
  const google = new URL((await main.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!)
  expect(google.searchParams.get('dates')).toBe('20260304T210000Z/20260304T211500Z')
  expect(google.searchParams.get('details')).toContain(managePath(UID))
  const outlook = new URL((await main.getByRole('link', { name: 'Outlook', exact: true }).getAttribute('href'))!)
  expect([outlook.searchParams.get('startdt'), outlook.searchParams.get('enddt')]).toEqual(['2026-03-04T21:00:00Z', '2026-03-04T21:15:00Z'])
  await expect(main.getByRole('link', { name: 'Apple / other (.ics)' })).toBeVisible()

  await manageButton(main, 'Reschedule').click()
  await expect(main.getByText(`Now booked for ${UPCOMING_LABEL}`)).toBeVisible()
  await chooseTimeZone(main, 'london', 'Europe/London')
  await clockSwitch(main).click()
  // The same call in London on a 24-hour clock, and the week asked for again in London.
  await expect(main.getByText('Now booked for Wednesday, 4 March 2026, 21:00 to 21:15')).toBeVisible()
  await expect.poll(() => routes.slotInputs.at(-1)?.timeZone).toBe('Europe/London')
  await expect(newSlot(main, '23:00')).toBeVisible()
})

test("a phone call: How you'll meet says the agency calls, without the number or a link", async ({ page }) => {
  const { main } = await openWith(page, { ...UPCOMING, location: 'phone', metadata: {} })
  const meeting = main.getByRole('region', { name: "How you'll meet" })
  await expect(meeting).toHaveText(/How you'll meet\s*We'll call you at the time above, on the number you gave when booking\./)
  await expect(meeting.getByRole('link')).toHaveCount(0)
})

test('a week without slots says so in the reschedule step, and so does a day moved to', async ({ page }) => {
  const { main, routes } = await openWith(page)
  routes.slots = NO_SLOTS
  await manageButton(main, 'Reschedule').click()
  // Nothing this week, nor in the weeks the look-ahead asked for.
  await expect(main.getByText('No times this week.', { exact: true })).toBeVisible()
  await main.getByRole('button', { name: 'Next Day' }).click()
  await expect(main.getByText('No available time slots for this date')).toBeVisible()
})

for (const [what, booking, heading] of [
  ['past', PAST, MANAGE_TEXTS.pastHeading],
  ['cancelled', CANCELLED, MANAGE_TEXTS.cancelledHeading],
] as const) {
  test(`a ${what} booking says so and offers only Book a new call`, async ({ page }) => {
    const { main } = await openWith(page, booking)
    await expect(stepHeading(main)).toHaveText(heading)
    await expect(manageButton(main, 'Reschedule')).toHaveCount(0)
    await expect(manageButton(main, 'Cancel this call')).toHaveCount(0)
    await manageButton(main, 'Book a new call').click()
    await expect(bookingDialog(page)).toBeVisible()
  })
}

test.describe('the notice period', () => {
  /** The sentence instead of the two buttons; the booking still shown. */
  async function expectNotice(main: Locator, sentence: string) {
    await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.noticeHeading)
    await expect(stepHeading(main)).toBeFocused()
    await expect(main.getByText(sentence, { exact: true })).toBeVisible()
    await expect(manageButton(main, 'Reschedule')).toHaveCount(0)
    await expect(manageButton(main, 'Cancel this call')).toHaveCount(0)
  }

  test('opened inside the period: the sentence, no buttons', async ({ page }) => {
    const { main } = await openWith(page, NOTICE_BEGUN)
    await expectNotice(main, NOTICE)
    await expect(main.getByRole('definition').first()).toHaveText('Tuesday, 3 March 2026, 9:30 am to 9:45 am')
  })

  test('open at closesAt: the reschedule picker closes to the sentence', async ({ page }) => {
    const { main } = await openWith(page)
    await manageButton(main, 'Reschedule').click()
    await newSlot(main, CHOSEN.label).click()
    const closesAt = Date.parse(UPCOMING.changeNotice!.closesAt)
    await page.clock.fastForward(closesAt - (await page.evaluate(() => Date.now())) - 1_000)
    await expect(manageButton(main, 'Move my call')).toBeEnabled()
    await page.clock.fastForward(1_000)
    await expectNotice(main, NOTICE)
  })

  test("a cancel refused with 409 shows the server's sentence", async ({ page }) => {
    const { main, routes } = await openWith(page)
    await manageButton(main, 'Cancel this call').click()
    await manageButton(main, 'Yes, cancel the call').click()
    await answer(await nthRequest(routes.cancels, 1), { status: 409, body: JSON.stringify({ message: NOTICE_REFUSAL }) })
    await expectNotice(main, NOTICE_REFUSAL)
  })
})

for (const width of [390, 1280]) {
  test.describe(`at ${width} px wide, no WCAG 2.1 AA violation`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('loaded', async ({ page }) => {
      await openWith(page)
      await expectNoAxeViolations(page)
    })

    test('confirming cancel, with a failure showing', async ({ page }) => {
      const { main, routes } = await openWith(page)
      await manageButton(main, 'Cancel this call').click()
      await typeInto(reasonField(main), REASON)
      await expectNoAxeViolations(page)
      await manageButton(main, 'Yes, cancel the call').click()
      await answer(await nthRequest(routes.cancels, 1), 'network')
      await expect(manageButton(main, 'Retry')).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test('rescheduling, with the slots and a taken slot', async ({ page }) => {
      const { main, routes } = await openWith(page)
      await manageButton(main, 'Reschedule').click()
      await newSlot(main, CHOSEN.label).click()
      await expectNoAxeViolations(page)
      await manageButton(main, 'Move my call').click()
      await answer(await nthRequest(routes.moves, 1), SLOT_TAKEN)
      await expect(stepAlert(main)).not.toHaveText('')
      await expectNoAxeViolations(page)
    })

    test('rescheduled and cancelled', async ({ page }) => {
      const { main, routes } = await openWith(page)
      await manageButton(main, 'Reschedule').click()
      await newSlot(main, CHOSEN.label).click()
      await manageButton(main, 'Move my call').click()
      await answer(await nthRequest(routes.moves, 1), { json: MOVED })
      await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.rescheduledHeading)
      await expectNoAxeViolations(page)
      await manageButton(main, 'Cancel this call').click()
      await manageButton(main, 'Yes, cancel the call').click()
      await answer(await nthRequest(routes.cancels, 1), CANCEL_OK)
      await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.cancelDoneHeading)
      await expectNoAxeViolations(page)
    })

    test('inside the notice period (a picture for review)', async ({ page }, testInfo: TestInfo) => {
      const { main } = await openWith(page, NOTICE_BEGUN)
      await expect(main.getByText(NOTICE)).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: testInfo.outputPath(`manage-notice-${width}.png`), fullPage: true })
    })

    test('a video call: the link, then the Join the call button from ten minutes before (a picture for review)', async ({ page }, testInfo: TestInfo) => {
      const { main } = await openWith(page, JOINABLE)
      const meeting = main.getByRole('region', { name: "How you'll meet" })
      await expect(meeting).toContainText(`Join by video: ${JOIN_URL}`)
      await expect(main.getByRole('link', { name: 'Join the call', exact: true })).toHaveCount(0)
      await expectNoAxeViolations(page)
      // The page's clock to ten minutes before the start (it opened at NOW, half an hour before).
      await page.clock.fastForward('20:00')
      const join = main.getByRole('link', { name: 'Join the call', exact: true })
      await expect(join).toBeInViewport()
      await expect(join).toHaveAttribute('href', JOIN_URL)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: testInfo.outputPath(`manage-join-${width}.png`), fullPage: true })
      // At the end of the call (ten minutes to the start, fifteen of the call) both go.
      await page.clock.fastForward('25:00')
      await expect(meeting).toHaveCount(0)
    })

    test('not found, and a booking that cannot change', async ({ page }) => {
      const main = await openManagePage(page, 'no-such-booking')
      await expect(stepHeading(main)).toHaveText(MANAGE_TEXTS.notFoundHeading)
      await expectNoAxeViolations(page)
      await page.goto('about:blank')
      await openWith(page, CANCELLED)
      await expectNoAxeViolations(page)
    })
  })
}
