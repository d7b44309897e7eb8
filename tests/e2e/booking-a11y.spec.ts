/** axe-core (WCAG 2.1 A and AA) on the booking form: the open modal with its errors, and the inline form. */
import { expect, test, type Locator, type TestInfo } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import {
  chooseSlot,
  confirmButton,
  contactField,
  dayRowButtons,
  fillContact,
  goToBookableDay,
  openBookingModal,
  openNotes,
  talkToExpert,
  timeGroup,
} from '../support/pages/bookingForm'
import { typeInto } from '../support/typing'

const JOIN_URL = 'https://meet.jit.si/0123456789abcdef01234567'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

test('the open modal with every error showing has no axe violation', async ({ page }) => {
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await typeInto(contactField(dialog, 'email'), 'not an email')
  await confirmButton(dialog).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible()
  await expect(dialog.getByText('Please select a time slot')).toBeVisible()
  // Wait for the day's slots (or the empty day) so the grid is checked too.
  await expect(
    timeGroup(dialog).getByRole('listitem').first().or(dialog.getByText('No available time slots for this date')),
  ).toBeVisible()
  await expectNoAxeViolations(page, { include: 'dialog' })
})

test('the modal with a failed slot list has no axe violation', async ({ page }) => {
  await page.route('**/api/calendar/slots?**', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await expect(dialog.getByText('Failed to load available time slots. Please try again.')).toBeVisible()
  await expectNoAxeViolations(page, { include: 'dialog' })
})

/**
 * Each chip of the day row: its name begins with the words it shows, in their order (punctuation and marks
 * aside), as a visitor using voice control says them (WCAG 2.5.3).
 */
async function expectChipNamesBeginWithTheirText(scope: Locator) {
  const chips = await dayRowButtons(scope).all()
  expect(chips).toHaveLength(7)
  for (const chip of chips) {
    const words = (await chip.innerText()).split(/[^\p{L}\p{N}]+/u).filter(Boolean)
    expect(words.length).toBeGreaterThanOrEqual(3)
    await expect(chip).toHaveAccessibleName(new RegExp(`^${words.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'u'))
  }
}

test('the day row while its week loads, and once it is in, has no axe violation in the modal', async ({ page }) => {
  // The week's requests wait until the loading row has been checked.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/calendar/slots?**', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await expect(dayRowButtons(dialog)).toHaveCount(7)
  for (const chip of await dayRowButtons(dialog).all()) await expect(chip).toHaveAccessibleName(/, loading$/)
  await expectChipNamesBeginWithTheirText(dialog)
  await expectNoAxeViolations(page, { include: 'dialog' })
  release()
  await expect(dayRowButtons(dialog).first()).not.toHaveAccessibleName(/, loading$/)
  await expect(dayRowButtons(dialog).filter({ hasText: /\d\s*times?$/ }).first()).toBeVisible()
  await expectChipNamesBeginWithTheirText(dialog)
  await expectNoAxeViolations(page, { include: 'dialog' })
})

test('the inline Talk to an Expert form, its day row in, has no axe violation', async ({ page }) => {
  await page.goto('/about')
  const section = await talkToExpert(page)
  await confirmButton(section).click()
  await expect(section.getByText('Please select a time slot')).toBeVisible()
  await expect(dayRowButtons(section).filter({ hasText: /\d\s*times?$/ }).first()).toBeVisible()
  await expectChipNamesBeginWithTheirText(section)
  await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
})

for (const width of [390, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the note opened, with a refused note, has no axe violation (a picture for review)', async ({ page }, testInfo: TestInfo) => {
      await page.goto('/')
      const dialog = await openBookingModal(page)
      await page.screenshot({ path: testInfo.outputPath(`form-closed-${width}.png`) })
      const notes = await openNotes(dialog)
      await typeInto(notes, 'Call me \u202Eback\u202C soon')
      await notes.blur()
      await expect(notes).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page, { include: 'dialog' })
      await typeInto(notes, 'We run a small café.\nCan the booking emails be automated?')
      await page.screenshot({ path: testInfo.outputPath(`form-note-${width}.png`) })
      await expectNoAxeViolations(page, { include: 'dialog' })
    })

    test('the confirmation with its join link has no axe violation, the link in view (a picture for review)', async ({ page }, testInfo: TestInfo) => {
      // The server's answer as it is for a video call: the slot stays free for the specs that book it.
      await page.route('**/api/book/event', async (route) => {
        const sent = route.request().postDataJSON() as { start: string; end: string; responses: { name: string; email: string } }
        await route.fulfill({
          json: {
            id: 1,
            uid: '3f0c1a52-7d4e-4c3b-9a61-2b8e5d7f9c10',
            title: '15 Min Call between kiwi-automate and Ana',
            startTime: new Date(sent.start).toISOString(),
            endTime: new Date(sent.end).toISOString(),
            status: 'ACCEPTED',
            eventTypeId: 7,
            responses: { ...sent.responses, guests: [] },
            attendees: [{ name: sent.responses.name, email: sent.responses.email, timeZone: 'Pacific/Auckland' }],
            user: { username: 'kiwi-automate' },
            location: JOIN_URL,
            metadata: { videoCallUrl: JOIN_URL },
          },
        })
      })
      await page.goto('/')
      const dialog = await openBookingModal(page)
      await goToBookableDay(dialog)
      await chooseSlot(dialog, 0)
      await fillContact(dialog, 'Ana Aroha', 'ana@example.com')
      await confirmButton(dialog).click()
      const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed!' })
      await expect(toast).toContainText(`Join by video: ${JOIN_URL}`)
      await expect(toast.getByRole('link', { name: JOIN_URL })).toBeInViewport()
      await page.screenshot({ path: testInfo.outputPath(`confirmation-${width}.png`) })
      await expectNoAxeViolations(page)
    })

    test('the inline form with the note opened has no axe violation (a picture for review)', async ({ page }, testInfo: TestInfo) => {
      await page.goto('/about')
      const section = await talkToExpert(page)
      const notes = await openNotes(section)
      await typeInto(notes, 'We run a small café.\nCan the booking emails be automated?')
      await section.screenshot({ path: testInfo.outputPath(`inline-note-${width}.png`) })
      await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
    })
  })
}
