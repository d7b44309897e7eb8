/**
 * The booking form as a visitor finds it, shared by the e2e specs and the UI path specs: in the
 * 'Book a Call' modal or in the inline 'Talk to an Expert' section. Roles, labels and SPEC texts only.
 * `scope` is the dialog or the section the form is in.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { typeInto } from '../typing'

export { typeInto }

export const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Book a Call' })

/** The modal's form, also while the dialog is shut (the next form is drawn there, hidden, once its code has come). */
export const modalForm = (page: Page) => page.getByRole('form', { name: 'Book a call', includeHidden: true })

/** The hero's Book a Call: the first in the page content. */
export const heroBookCall = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Book a Call' }).first()

export const headerBookCall = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Book a Call' })

/** Clicks the first 'Book a Call' until the modal is open (the page may still be hydrating). */
export async function openBookingModal(page: Page): Promise<Locator> {
  const dialog = bookingDialog(page)
  await expect(async () => {
    await page.getByRole('button', { name: 'Book a Call' }).first().click()
    await expect(dialog).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  return dialog
}

export const talkToExpertSection = (page: Page) => page.getByRole('region', { name: 'Talk to an Expert' })

/** The inline 'Talk to an Expert' section, scrolled to, with its form loaded. */
export async function talkToExpert(page: Page): Promise<Locator> {
  const section = talkToExpertSection(page)
  await section.scrollIntoViewIfNeeded()
  await expect(confirmButton(section)).toBeVisible({ timeout: 15_000 })
  return section
}

export type ContactField = 'name' | 'email'
const CONTACT_LABELS: Record<ContactField, string> = { name: 'Full Name', email: 'Email Address' }

export const contactField = (scope: Locator, field: ContactField) => scope.getByLabel(CONTACT_LABELS[field])

export async function fillContact(scope: Locator, name: string, email: string): Promise<void> {
  await typeInto(contactField(scope, 'name'), name)
  await typeInto(contactField(scope, 'email'), email)
}

/** How the call happens, when the host offers both (docs/design.md#where-the-call-happens). */
export const meetingChoice = (scope: Locator, way: 'Video call' | 'Phone call') => scope.getByRole('radio', { name: way })
/** The number to call, shown for a phone call. */
export const phoneField = (scope: Locator) => scope.getByLabel('Phone number')

/** The optional note: behind its 'Add a note (optional)' disclosure. */
export const notesToggle = (scope: Locator) => scope.getByText('Add a note (optional)', { exact: true })
export const notesField = (scope: Locator) => scope.getByLabel('What would you like to talk about?')

/** Opens the note's disclosure if it is closed, and returns the note's field. */
export async function openNotes(scope: Locator): Promise<Locator> {
  const field = notesField(scope)
  if (!(await field.isVisible())) await notesToggle(scope).click()
  await expect(field).toBeVisible()
  return field
}

export const dayButton = (scope: Locator, which: 'Previous Day' | 'Next Day') => scope.getByRole('button', { name: which })

export const timeGroup = (scope: Locator) => scope.getByRole('group', { name: 'Select Time' })

/** The slot buttons of the day shown. */
export const slotButtons = (scope: Locator) => timeGroup(scope).getByRole('listitem').getByRole('button')

export const confirmButton = (scope: Locator) => scope.getByRole('button', { name: 'Confirm Booking' })

/** The email-code step (docs/design.md#email-codes): the code's field and 'Send a new code'. */
export const codeField = (scope: Locator) => scope.getByLabel('Enter the code')
export const resendCodeButton = (scope: Locator) => scope.getByRole('button', { name: 'Send a new code' })

/** The day the picker shows, as it names it: 'Friday, 27 November 2026'. */
export const shownDay = (scope: Locator) => scope.getByText(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}$/)

/**
 * Moves forward until the picker shows the day named `label` (from shownDay). Unlike a count of days
 * from today, it holds when today changes between two pages (a test that runs across midnight).
 */
export async function moveToDay(scope: Locator, label: string): Promise<void> {
  for (let i = 0; i < 31; i++) {
    const shown = await shownDay(scope).textContent()
    if (shown === label) return
    await dayButton(scope, 'Next Day').click()
    await expect(shownDay(scope)).not.toHaveText(shown ?? '')
  }
  throw new Error(`The picker never showed ${label}`)
}

/**
 * Moves `ahead` days forward (past the scheduler's 2-hour notice), then on to the first day with
 * slots (the host works Monday to Friday, Auckland time). Returns how many days it moved.
 */
export async function goToBookableDay(scope: Locator, ahead = 3): Promise<number> {
  const next = dayButton(scope, 'Next Day')
  const empty = scope.getByText('No available time slots for this date')
  let moved = 0
  for (; moved < ahead; moved++) await next.click()
  for (let i = 0; i < 7; i++) {
    await expect(slotButtons(scope).first().or(empty)).toBeVisible({ timeout: 10_000 })
    if (await slotButtons(scope).first().isVisible()) return moved
    await next.click()
    moved++
  }
  throw new Error('No day with free slots within a week')
}

/** Chooses the n-th slot of the day and returns its label (the time as shown). */
export async function chooseSlot(scope: Locator, index: number): Promise<string> {
  const slot = slotButtons(scope).nth(index)
  const label = (await slot.textContent())!.trim()
  await slot.click()
  await expect(slot).toHaveAttribute('aria-pressed', 'true')
  return label
}

/** The 'Time zone' combobox under the picker. */
export const zoneBox = (scope: Locator) => scope.getByRole('combobox', { name: 'Time zone' })

/** The zone list's option for the zone `name` ('Europe/London'), named by it, its places, its time now and its offset. */
export const zoneOption = (scope: Locator, name: string) => scope.getByRole('option', { name: new RegExp(`^${name.replace(/_/g, ' ')} `) })

/** Types `typed` into the 'Time zone' box key by key (a click selects the zone's name) and picks the zone named `name` ('Europe/London') from the list. */
export async function chooseTimeZone(scope: Locator, typed: string, name: string): Promise<void> {
  const box = zoneBox(scope)
  await box.click()
  await box.pressSequentially(typed)
  await expect(box).toHaveValue(typed)
  await zoneOption(scope, name).click()
  await expect(box).toHaveValue(name.replace(/_/g, ' '))
}

/** The '24-hour' switch beside the zone. */
export const clockSwitch = (scope: Locator) => scope.getByRole('switch', { name: '24-hour' })

/** The seven days of the day row. */
export const dayRowButtons = (scope: Locator) => scope.getByRole('group', { name: 'Days' }).getByRole('button')

/** A slot's label as the form shows it, in a zone and on a clock: '12:00 pm' or '12:00'. */
export function slotLabel(instant: string, timeZone: string, hour24: boolean, locale = 'en-NZ'): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: hour24 ? 'h23' : 'h12', timeZone }).format(new Date(instant))
}

/** A day by name as the picker shows it, in a zone: 'Tuesday, 3 March 2026'. */
export function dayLabelOf(instant: string, timeZone: string, locale = 'en-NZ'): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(instant))
}
