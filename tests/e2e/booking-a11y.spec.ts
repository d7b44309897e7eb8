/** axe-core (WCAG 2.1 A and AA) on the booking form: the open modal with its errors, and the inline form. */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

async function openBookingModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Book a Call' })
  await expect(async () => {
    await page.getByRole('button', { name: 'Book a Call' }).first().click()
    await expect(dialog).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  return dialog
}

test('the open modal with every error showing has no axe violation', async ({ page }) => {
  await page.goto('/')
  const dialog = await openBookingModal(page)
  await dialog.getByLabel('Email Address').fill('not an email')
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible()
  await expect(dialog.getByText('Please select a time slot')).toBeVisible()
  // Wait for the day's slots (or the empty day) so the grid is checked too.
  await expect(
    dialog.getByRole('group', { name: 'Select Time' }).getByRole('listitem').first().or(dialog.getByText('No available time slots for this date')),
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
  const section = page.getByRole('region', { name: 'Talk to an Expert' })
  await section.scrollIntoViewIfNeeded()
  await section.getByRole('button', { name: 'Confirm Booking' }).click()
  await expect(section.getByText('Please select a time slot')).toBeVisible()
  await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
})
