/**
 * The booking flow in Chromium against the built site and the real server (built-in scheduler:
 * Pacific/Auckland, Monday to Friday 09:00–17:00, 2 hours' notice). Tests that book use different
 * slots of the first bookable day, so they can run side by side on one server.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import ICAL from 'ical.js'
import { readFile } from 'node:fs/promises'
import { bookingPayload } from '../support/bookingPayload'
import {
  bookingDialog,
  chooseSlot,
  confirmButton,
  contactField,
  dayButton,
  fillContact,
  goToBookableDay,
  moveToDay,
  notesField,
  openBookingModal,
  openNotes,
  shownDay,
  slotButtons,
  talkToExpert,
  timeGroup,
} from '../support/pages/bookingForm'
import { pasteInto, typeInto } from '../support/typing'
import { keyboardToTime, tabTo } from '../support/keyboard'

/** 20260304T210000Z (Google's dates) → epoch milliseconds. */
const basicUtcToMs = (basic: string) =>
  Date.parse(basic.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))

const SLOT_TAKEN = 'This time slot is no longer available. Please select another time.'

async function modalPage(browser: Browser, timezoneId: string): Promise<{ page: Page; dialog: Locator }> {
  const context = await browser.newContext({ timezoneId, locale: 'en-NZ' })
  const page = await context.newPage()
  await page.goto('/')
  return { page, dialog: await openBookingModal(page) }
}

test.describe('booking through the modal', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

  test('books a slot: Processing..., the modal closes, the toast confirms, and the slot is gone', async ({ page }) => {
    await page.goto('/')
    let dialog = await openBookingModal(page)
    await expect(dialog.getByText('Times in Pacific/Auckland', { exact: false })).toBeVisible()
    await goToBookableDay(dialog)
    const day = (await shownDay(dialog).textContent())!
    const time = await chooseSlot(dialog, 0)
    await expect(dialog.getByText(new RegExp(`^Selected: .*${time}$`))).toBeVisible()
    await fillContact(dialog, '  Aroha Ngata ', ' aroha@example.co.nz ')

    // Hold the request a moment so 'Processing...' can be seen; capture what is sent.
    let sent: Record<string, unknown> | undefined
    await page.route('**/api/book/event', async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>
      await new Promise((resolve) => setTimeout(resolve, 600))
      await route.continue()
    })
    await confirmButton(dialog).click()
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeDisabled()

    await expect(dialog).toBeHidden()
    const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed!' })
    await expect(toast).toContainText("Booking confirmed! You'll receive a confirmation email at aroha@example.co.nz")
    // The fixture's payload at the slot this run found free: its time is known only by its form.
    expect(sent).toMatchObject({
      ...bookingPayload(),
      start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+1[23]:00$/),
      end: expect.any(String),
    })

    // How to meet: the booking's own video room, a link opening in a new tab, and the location of every calendar link.
    await expect(toast).toContainText('Join by video: https://meet.jit.si/')
    const join = toast.getByRole('link', { name: /^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/ })
    await expect(join).toHaveAttribute('target', '_blank')
    await expect(join).toBeInViewport()
    // Focus is on the confirmation, not back on the page: its links are the next Tab stops, then Dismiss.
    await expect(toast.getByText(/^Booking confirmed!/)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(join).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(toast.getByRole('link', { name: 'Google Calendar' })).toBeFocused()
    const joinUrl = (await join.getAttribute('href'))!
    expect(joinUrl).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/)

    // 'Add to calendar': Google, Outlook and Office 365 open their new-event page in a new tab with the
    // booked start and end in UTC and the manage link; the .ics made in the browser parses back.
    const bookedStart = Date.parse(String(sent?.start))
    const bookedEnd = Date.parse(String(sent?.end))
    const google = new URL((await toast.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!)
    const [gStart, gEnd] = google.searchParams.get('dates')!.split('/').map(basicUtcToMs)
    expect([gStart, gEnd]).toEqual([bookedStart, bookedEnd])
    expect(google.searchParams.get('details')).toMatch(/\/booking\/[0-9a-f-]{36}$/)
    expect(google.searchParams.get('location')).toBe(joinUrl)
    expect(google.searchParams.get('details')).toContain(`Join the call: ${joinUrl}`)
    for (const [name, host] of [['Outlook', 'outlook.live.com'], ['Office 365', 'outlook.office.com']] as const) {
      const link = toast.getByRole('link', { name, exact: true })
      await expect(link).toHaveAttribute('target', '_blank')
      const outlook = new URL((await link.getAttribute('href'))!)
      expect(outlook.host).toBe(host)
      expect([Date.parse(outlook.searchParams.get('startdt')!), Date.parse(outlook.searchParams.get('enddt')!)]).toEqual([bookedStart, bookedEnd])
      expect(outlook.searchParams.get('location')).toBe(joinUrl)
    }
    const [download] = await Promise.all([page.waitForEvent('download'), toast.getByRole('link', { name: 'Apple / other (.ics)' }).click()])
    expect(download.suggestedFilename()).toBe('booking.ics')
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8'))).getFirstSubcomponent('vevent')!)
    expect([event.startDate.toJSDate().getTime(), event.endDate.toJSDate().getTime()]).toEqual([bookedStart, bookedEnd])
    expect(event.description).toMatch(/\/booking\/[0-9a-f-]{36}$/)
    expect(event.location).toBe(joinUrl)
    // The event's UID is the emailed invite's, derived from the booking: never the manage link's uid.
    expect(event.uid).toMatch(/^[0-9a-f]{32}@kiwi-automate$/)

    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toBeHidden()
    // Focus does not fall to the page: it is back on the button that opened the modal.
    await expect(page.getByRole('button', { name: 'Book a Call' }).first()).toBeFocused()

    // A fresh modal: empty fields, and the booked time is no longer offered that day.
    dialog = await openBookingModal(page)
    await expect(contactField(dialog, 'name')).toHaveValue('')
    await moveToDay(dialog, day)
    await expect(slotButtons(dialog).first()).toBeVisible()
    await expect(slotButtons(dialog).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0)
  })

  test('shows each message on blur, and all of them on submit', async ({ page }) => {
    await page.goto('/')
    const dialog = await openBookingModal(page)
    const name = contactField(dialog, 'name')
    const email = contactField(dialog, 'email')
    const time = timeGroup(dialog)

    await expect(dialog.getByText('Name is required')).toHaveCount(0)
    await name.focus()
    await name.blur()
    await expect(name).toHaveAccessibleDescription('Name is required')
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByText('Email is required')).toHaveCount(0)

    await typeInto(name, 'A')
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters')
    await typeInto(email, 'aroha@example')
    await email.blur()
    await expect(email).toHaveAccessibleDescription('Please enter a valid email')
    await expect(time).not.toHaveAttribute('aria-invalid', 'true')

    await confirmButton(dialog).click()
    await expect(time).toHaveAccessibleDescription('Please select a time slot')
    await expect(time).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog).toBeVisible()

    // Live from now on.
    await typeInto(name, 'Al')
    await expect(name).not.toHaveAttribute('aria-invalid', 'true')
    await typeInto(email, '')
    await expect(email).toHaveAccessibleDescription('Email is required')
  })

  test('the optional note: closed until asked for, hostile text refused with the sentence, free text typed and sent as responses.notes', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await expect(notesField(dialog)).toBeHidden()
    await goToBookableDay(dialog)
    await chooseSlot(dialog, 16)
    await fillContact(dialog, 'Aroha Ngata', 'aroha@example.co.nz')
    const sent: unknown[] = []
    await page.route('**/api/book/event', async (route) => {
      sent.push(route.request().postDataJSON())
      await route.continue()
    })

    const notes = await openNotes(dialog)
    await expect(notes).toHaveAccessibleDescription('0 / 1,000 characters')
    // A control character, a bidi override, 10,000 characters: refused with the rule's sentence, nothing sent.
    for (const [hostile, length] of [
      ['Call me\u0007 now', '12'],
      ['Call me \u202Eback\u202C soon', '19'],
      ['x'.repeat(10_000), '10,000'],
    ] as const) {
      await pasteInto(notes, hostile)
      await confirmButton(dialog).click()
      await expect(notes).toHaveAttribute('aria-invalid', 'true')
      await expect(notes).toHaveAccessibleDescription(`${length} / 1,000 characters Notes must be at most 1,000 characters, without control or invisible characters`)
      await expect(dialog).toBeVisible()
    }
    expect(sent).toEqual([])

    // Free text, typed key by key: < and > are a person's ordinary characters.
    // Cleared as a person does (select all, delete), then typed key by key.
    await notes.press('ControlOrMeta+a')
    await notes.press('Backspace')
    await expect(notes).toHaveValue('')
    await notes.pressSequentially('  Budget < $5k, want quotes -> invoices\nCan the emails be automated?\n')
    await expect(notes).not.toHaveAttribute('aria-invalid')
    await expect(notes).toHaveAccessibleDescription('66 / 1,000 characters')
    await confirmButton(dialog).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed!' })).toBeVisible()
    // Trimmed, its line break kept; the server took it.
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], notes: 'Budget < $5k, want quotes -> invoices\nCan the emails be automated?' },
    })
  })

  test('two visitors race for one slot: one is confirmed, the other is told it is gone', async ({ browser }) => {
    test.slow() // two browser contexts on a shared 2-core machine
    const a = await modalPage(browser, 'Pacific/Auckland')
    const b = await modalPage(browser, 'Pacific/Auckland')
    await goToBookableDay(a.dialog)
    await moveToDay(b.dialog, (await shownDay(a.dialog).textContent())!)
    const time = await chooseSlot(a.dialog, 8)
    expect(await chooseSlot(b.dialog, 8)).toBe(time)
    await fillContact(a.dialog, 'Aroha Ngata', 'aroha@example.co.nz')
    await fillContact(b.dialog, 'Ben Lee', 'ben@example.com')

    await Promise.all([
      confirmButton(a.dialog).click(),
      confirmButton(b.dialog).click(),
    ])
    const confirmed = (p: Page) => p.getByRole('status').filter({ hasText: 'Booking confirmed!' })
    const taken = (d: Locator) => d.getByRole('alert').filter({ hasText: SLOT_TAKEN })
    await expect(confirmed(a.page).or(taken(a.dialog))).toBeVisible()
    await expect(confirmed(b.page).or(taken(b.dialog))).toBeVisible()

    const outcomes = [await confirmed(a.page).isVisible(), await confirmed(b.page).isVisible()]
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    const loser = outcomes[0] ? b : a
    await expect(taken(loser.dialog)).toHaveText(SLOT_TAKEN)
    // The loser's day reloads without the taken slot, and the choice is cleared.
    await expect(slotButtons(loser.dialog).first()).toBeVisible()
    await expect(slotButtons(loser.dialog).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0)
    await expect(loser.dialog.getByText('Selected:', { exact: false })).toHaveCount(0)
    await expect(confirmButton(loser.dialog)).toBeEnabled()
    await Promise.all([a.page.context().close(), b.page.context().close()])
  })

  test('a slot list that fails to load says so, and Retry recovers', async ({ page }) => {
    let failing = true
    await page.route('**/api/calendar/slots?**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"json":{"message":"boom"}}}' }) : route.continue(),
    )
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await expect(dialog.getByText('Failed to load available time slots. Please try again.')).toBeVisible()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Failed to load available time slots.' })).toBeVisible()

    failing = false
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await expect(dialog.getByText('Failed to load available time slots. Please try again.')).toBeHidden()
    await expect(slotButtons(dialog).first().or(dialog.getByText('No available time slots for this date'))).toBeVisible()
    await goToBookableDay(dialog, 1)
  })

  test('the first slots are asked for once the page has loaded, and the picker shows that answer without asking again', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/calendar/slots?')) asked.push(request.url())
    })
    await page.goto('/')
    // No pointer, no focus: the page asks by itself once it has loaded.
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(1)
    const dialog = await openBookingModal(page)
    await expect(slotButtons(dialog).first()).toBeVisible()
    // The picker's first request is the same URL, answered by the prefetch: not sent again.
    expect(asked.filter((url) => url === asked[0])).toHaveLength(1)
  })

  test('keyboard only: from Book a Call to the confirmation toast', async ({ page }) => {
    await page.goto('/')
    const bookACall = page.getByRole('button', { name: 'Book a Call' }).first()
    await expect(bookACall).toBeVisible()
    const dialog = bookingDialog(page)
    await expect(async () => {
      await tabTo(page, bookACall)
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 15_000 })

    await tabTo(page, contactField(dialog, 'name'))
    await page.keyboard.type('Kiri Tane')
    await page.keyboard.press('Tab')
    await expect(contactField(dialog, 'email')).toBeFocused()
    await page.keyboard.type('kiri@example.co.nz')

    const next = dayButton(dialog, 'Next Day')
    await tabTo(page, next)
    await expect(next).toHaveCSS('outline-style', 'solid')
    const empty = dialog.getByText('No available time slots for this date')
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter')
    for (let i = 0; i < 7; i++) {
      await expect(slotButtons(dialog).first().or(empty)).toBeVisible()
      if (await slotButtons(dialog).first().isVisible()) break
      await page.keyboard.press('Enter')
    }
    const slot = slotButtons(dialog).nth(12)
    await keyboardToTime(page, slotButtons(dialog), slot)
    await expect(slot).toHaveCSS('outline-style', 'solid')
    await page.keyboard.press('Space')
    await expect(slot).toHaveAttribute('aria-pressed', 'true')

    const confirm = confirmButton(dialog)
    await tabTo(page, confirm)
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed!' })
    await expect(toast).toContainText('kiri@example.co.nz')
    // The confirmation's links are the next Tab stops (the join link, then 'Add to calendar'), then Dismiss;
    // dismissing gives focus back to the button that opened the modal.
    await page.keyboard.press('Tab')
    await expect(toast.getByRole('link', { name: /^https:\/\/meet\.jit\.si\// })).toBeFocused()
    await tabTo(page, toast.getByRole('link', { name: 'Apple / other (.ics)' }))
    await page.keyboard.press('Tab')
    await expect(toast.getByRole('button', { name: 'Dismiss' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toast).toBeHidden()
    await expect(bookACall).toBeFocused()
  })
})

test.describe('booking through the inline Talk to an Expert section', () => {
  test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' })

  test('books, confirms inline, clears the form and returns to idle after 5 seconds', async ({ page }) => {
    await page.clock.install()
    await page.goto('/about')
    const section = await talkToExpert(page)
    await expect(section.getByText('Times in America/Los Angeles', { exact: false })).toBeVisible()
    await goToBookableDay(section)
    const time = await chooseSlot(section, 4)
    await fillContact(section, 'Mere Smith', 'mere@example.com')
    // From here the page's clock moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await confirmButton(section).click()

    const confirmation = section.getByRole('status').filter({ hasText: 'Booking confirmed!' })
    await expect(confirmation).toHaveText(/Booking confirmed! Check mere@example\.com for details\./)
    await expect(confirmation).toContainText(/Join by video: https:\/\/meet\.jit\.si\/[0-9a-f]{24}/)
    const join = confirmation.getByRole('link', { name: /^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/ })
    await expect(join).toBeVisible()
    const google = new URL((await confirmation.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!)
    expect(google.searchParams.get('location')).toBe(await join.getAttribute('href'))
    await expect(confirmation.getByRole('link', { name: 'Google Calendar' })).toBeVisible()
    await expect(confirmation.getByRole('link', { name: 'Apple / other (.ics)' })).toBeVisible()
    await expect(contactField(section, 'name')).toHaveValue('')
    await expect(contactField(section, 'email')).toHaveValue('')
    // The day reloads without the booked time.
    await expect(slotButtons(section).first()).toBeVisible()
    await expect(slotButtons(section).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0)

    await page.clock.runFor(4_900)
    await expect(confirmation).toBeVisible()
    await page.clock.runFor(200)
    await expect(confirmation).toBeHidden()
  })
})
