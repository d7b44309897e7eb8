/** axe-core (WCAG 2.1 A and AA) on the booking form: the open modal with its errors, and the inline form. */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { confirmButton, contactField, openBookingModal, talkToExpert, timeGroup } from '../support/pages/bookingForm'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

test('the open modal with every error showing has no axe violation', async ({ page }) => {
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await contactField(dialog, 'email').fill('not an email')
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

test('the inline Talk to an Expert form has no axe violation', async ({ page }) => {
  await page.goto('/about')
  const section = await talkToExpert(page)
  await confirmButton(section).click()
  await expect(section.getByText('Please select a time slot')).toBeVisible()
  await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
})
