/**
 * What a visitor sees and where the focus goes, at phone and desktop sizes, typing key by key: a refused
 * submit takes the focus to the first field to fix, in view; the inline confirmation comes into view with the
 * focus, names its zone, and leaves a line after it clears; a taken slot says one thing and goes back to the
 * times. Each step takes a picture for review (docs/design.md#errors).
 */
import { expect, test, type Locator, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { callButton, openVoiceWidget } from '../support/pages/voicePanel'
import {
  chooseSlot,
  confirmButton,
  contactField,
  fillContact,
  goToBookableDay,
  openBookingModal,
  dayButton,
  slotButtons,
  talkToExpert,
  timeGroup,
  typeInto,
  zoneBox,
} from '../support/pages/bookingForm'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`${size} (${viewport.width} px)`, () => {
    test.use({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' })

    test('a refused submit takes the focus to the first field to fix, in view, its message tied to it', async ({ page }, testInfo: TestInfo) => {
      await page.goto('/')
      const dialog = await openBookingModal(page)
      const name = contactField(dialog, 'name')
      const email = contactField(dialog, 'email')

      await confirmButton(dialog).click()
      await expect(name).toBeFocused()
      await expect(name).toBeInViewport()
      await expect(name).toHaveAccessibleDescription('Name is required')
      await page.screenshot({ path: testInfo.outputPath(`refused-name-${size}.png`) })

      await typeInto(name, 'Aroha Ngata')
      await typeInto(email, 'jo@example')
      await confirmButton(dialog).click()
      await expect(email).toBeFocused()
      await expect(email).toBeInViewport()
      await expect(email).toHaveAccessibleDescription('Please enter a valid email')

      await typeInto(email, 'jo@example.com')
      await confirmButton(dialog).click()
      const times = timeGroup(dialog)
      await expect(times).toBeFocused()
      await expect(times).toBeInViewport()
      await expect(times).toHaveAccessibleDescription('Please select a time slot')
      await page.screenshot({ path: testInfo.outputPath(`refused-time-${size}.png`) })
      await expectNoAxeViolations(page, { include: 'dialog' })
    })

    test('the days are one Tab stop: arrows move along the row, Enter chooses, one Tab leaves it for the times', async ({ page }) => {
      await page.goto('/')
      const dialog = await openBookingModal(page)
      await goToBookableDay(dialog, 1)
      const days = dialog.getByRole('group', { name: 'Days' }).getByRole('button')
      const pressed = dialog.getByRole('group', { name: 'Days' }).getByRole('button', { pressed: true })
      const at = await days.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-pressed') === 'true'))
      // Next Day, then one Tab: the chosen day is the row's stop.
      await dayButton(dialog, 'Next Day').focus()
      await page.keyboard.press('Tab')
      await expect(days.nth(at)).toBeFocused()
      await page.keyboard.press('ArrowLeft')
      await expect(days.nth(at - 1)).toBeFocused()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect(days.nth(at + 1)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(pressed).toHaveCount(1)
      await expect(days.nth(at + 1)).toHaveAttribute('aria-pressed', 'true')
      await expect(slotButtons(dialog).first().or(dialog.getByText('No available time slots for this date'))).toBeVisible()
      // One Tab leaves the row: the times, or what follows them on a day without any.
      await page.keyboard.press('Tab')
      await expect(days.nth(at)).not.toBeFocused()
      expect(await days.evaluateAll((buttons) => buttons.some((b) => b === document.activeElement))).toBe(false)
    })

    test('the times are one Tab stop: arrows move among them, Enter chooses, one Tab leaves the grid', async ({ page }) => {
      await page.goto('/')
      const dialog = await openBookingModal(page)
      await goToBookableDay(dialog)
      const slots = slotButtons(dialog)
      await expect(slots.nth(5)).toBeVisible()
      const columns = size === 'phone' ? 4 : 5
      await slots.first().focus()
      await page.keyboard.press('ArrowRight')
      await expect(slots.nth(1)).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(slots.nth(1 + columns)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(slots.nth(1 + columns)).toHaveAttribute('aria-pressed', 'true')
      await page.keyboard.press('Tab')
      await expect(zoneBox(dialog)).toBeFocused()
      // Back into the grid: the chosen time is its stop.
      await page.keyboard.press('Shift+Tab')
      await expect(slots.nth(1 + columns)).toBeFocused()
    })

    test('a slot taken meanwhile says so once, at the times and in view, keeps the day, and the sentence goes once another time is chosen', async ({ page }, testInfo: TestInfo) => {
      await page.route('**/api/book/event', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'no_available_users_found_error' }) }),
      )
      await page.goto('/')
      const dialog = await openBookingModal(page)
      // A day past the row's first, so a reload that moved the row would show.
      await goToBookableDay(dialog, 3)
      const pressedDay = dialog.getByRole('group', { name: 'Days' }).getByRole('button', { pressed: true })
      const day = (await pressedDay.getAttribute('aria-label'))!.split(',')[0]!
      await chooseSlot(dialog, 0)
      await fillContact(dialog, 'Aroha Ngata', 'aroha@example.co.nz')
      await confirmButton(dialog).click()

      const times = timeGroup(dialog)
      const sentence = times.getByRole('alert').filter({ hasText: /\S/ })
      await expect(sentence).toHaveText('This time slot is no longer available. Please select another time.')
      await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(1)
      await expect(times).toBeFocused()
      await expect(sentence).toBeInViewport()
      await expect(pressedDay).toHaveAccessibleName(new RegExp(`^${day}, `))
      await expect(dialog.getByText('Please select a time slot')).toHaveCount(0)
      await page.screenshot({ path: testInfo.outputPath(`slot-taken-${size}.png`) })

      await chooseSlot(dialog, 1)
      await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0)
      await expect(pressedDay).toHaveAccessibleName(new RegExp(`^${day}, `))
    })

    test('the inline confirmation comes into view with the focus, names its zone, and leaves a line once it clears', async ({ page }, testInfo: TestInfo) => {
      test.setTimeout(60_000)
      await page.goto('/about')
      const section = await talkToExpert(page)
      // A day of its own for each size, so the two bookings never meet.
      await goToBookableDay(section, size === 'phone' ? 18 : 19)
      const time = await chooseSlot(section, 0)
      await fillContact(section, 'Inline Visitor', `inline.${size}@example.com`)
      await confirmButton(section).click()

      const confirmation = section.getByRole('status').filter({ hasText: `Booking confirmed! Check inline.${size}@example.com for details.` })
      await expect(confirmation).toBeFocused({ timeout: 15_000 })
      await expect(confirmation).toBeInViewport()
      await expect(confirmation).toContainText(`${time} (Auckland time)`)
      await page.screenshot({ path: testInfo.outputPath(`inline-confirmed-${size}.png`) })
      await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })

      // After 5 s the form is ready again; one line says what was booked, and keeps the focus.
      const line = section.getByRole('status').getByText(/^Booked: .* Auckland time — details in your email$/)
      await expect(line).toBeVisible({ timeout: 10_000 })
      await expect(line).toContainText(time)
      await expect(confirmation).toHaveCount(0)
      await expect(section.getByRole('status').filter({ hasText: /^Booked: / })).toBeFocused()
      await page.screenshot({ path: testInfo.outputPath(`inline-booked-line-${size}.png`) })
    })

    test("the voice widget's corner covers none of the home page's first screen, and keeps its words", async ({ page }, testInfo: TestInfo) => {
      await page.goto('/')
      // The widget's own code loads at idle time and takes over the prerendered button; measure once it
      // has (its status line is there), so the boxes are of the elements that stay. Waiting for the network
      // to go quiet is not enough: on a busy host the idle callback can come after it.
      await openVoiceWidget(page)
      const call = callButton(page)
      await expect(call).toBeVisible()
      await expect(call).toHaveAccessibleName('Start a call')
      const corner = await boxOf(call)
      // On a phone a round icon; on a desktop the words show.
      if (size === 'phone') expect(Math.round(corner.width)).toBe(Math.round(corner.height))
      else await expect(call.getByText('Start a call')).toBeVisible()
      const hero = page.getByRole('main').getByRole('list').first()
      for (const item of await hero.getByRole('listitem').all()) {
        const box = await boxOf(item)
        const apart = box.x + box.width <= corner.x || corner.x + corner.width <= box.x || box.y + box.height <= corner.y || corner.y + corner.height <= box.y
        expect(apart, `"${await item.textContent()}" is clear of the call button`).toBe(true)
      }
      await page.screenshot({ path: testInfo.outputPath(`voice-corner-${size}.png`) })
    })
  })
}

/** The element's box on screen; fails, naming it, if it is not drawn. */
async function boxOf(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await element.boundingBox()
  expect(box, `${element} is drawn`).not.toBeNull()
  return box!
}

