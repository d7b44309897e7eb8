/**
 * Finding a time: the visitor's own zone and clock, the picker opening on the first day with
 * free times, the day row, and the zone list as a keyboard-usable, axe-clean combobox.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import type { SlotsByDate } from '../../core/slotWindow'
import { slotsAnswer } from '../paths/ui/support/bookingModel'
import { expectNoAxeViolations } from './support/axe'
import { holdRequests } from './support/hydration'
import {
  chooseSlot,
  chooseTimeZone,
  clockSwitch,
  confirmButton,
  dayLabelOf,
  dayRowButtons,
  fillContact,
  goToBookableDay,
  modalForm,
  openBookingModal,
  shownDay,
  slotButtons,
  slotLabel,
  talkToExpert,
  timeGroup,
  zoneBox,
  zoneOption,
} from '../support/pages/bookingForm'
import { typeInto } from '../support/typing'

/** A zone's offset at an instant as ISO writes it: '+13:00', '-05:00'. */
function isoOffset(zone: string, instant: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')!.value
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '')
}

for (const { home, locale, chosen, typed, email, index } of [
  { home: 'Europe/London', locale: 'en-GB', chosen: 'Pacific/Auckland', typed: 'auck', email: 'london@example.co.uk', index: 12 },
  { home: 'Australia/Sydney', locale: 'en-AU', chosen: 'America/New_York', typed: 'new york', email: 'sydney@example.com.au', index: 14 },
]) {
  test.describe(`a visitor in ${home}`, () => {
    test.use({ timezoneId: home, locale })

    test(`chooses ${chosen}: labels, payload and confirmation agree, and a reload keeps the zone`, async ({ page }) => {
      await page.goto('/about')
      const section = await talkToExpert(page)
      // The browser's zone first.
      await expect(zoneBox(section)).toHaveValue(home.replace(/_/g, ' '))
      await expect(section.getByText(`Times in ${home.replace(/_/g, ' ')}`, { exact: false })).toBeVisible()

      await chooseTimeZone(section, typed, chosen)
      await expect(section.getByText(`Times in ${chosen.replace(/_/g, ' ')}`, { exact: false })).toBeVisible()
      await goToBookableDay(section)
      const label = await chooseSlot(section, index)
      const hour24 = (await clockSwitch(section).getAttribute('aria-checked')) === 'true'
      await fillContact(section, 'Visitor Abroad', email)

      let sent: { timeZone: string; start: string; end: string } | undefined
      await page.route('**/api/book/event', async (route: Route) => {
        sent = route.request().postDataJSON() as typeof sent
        await route.continue()
      })
      await confirmButton(section).click()
      const confirmation = section.getByRole('status').filter({ hasText: 'Booking confirmed!' })
      await expect(confirmation).toContainText(`Booking confirmed! Check ${email} for details.`)

      // The payload: the chosen zone, and start/end with that zone's offset at the chosen time.
      expect(sent!.timeZone).toBe(chosen)
      const start = new Date(sent!.start).toISOString()
      expect(sent!.start.endsWith(isoOffset(chosen, start))).toBe(true)
      expect(sent!.end.endsWith(isoOffset(chosen, new Date(sent!.end).toISOString()))).toBe(true)
      expect(Date.parse(sent!.end) - Date.parse(sent!.start)).toBe(15 * 60_000)
      // The slot's label was the start in the chosen zone, and the confirmation says the same.
      expect(slotLabel(start, chosen, hour24, locale)).toBe(label)
      await expect(confirmation).toContainText(`${dayLabelOf(start, chosen, locale)}, ${label}`)

      await page.reload()
      const again = await talkToExpert(page)
      await expect(zoneBox(again)).toHaveValue(chosen.replace(/_/g, ' '))
      await expect(again.getByText(`Times in ${chosen.replace(/_/g, ' ')}`, { exact: false })).toBeVisible()
    })
  })
}

/** 10:00 and 10:15 in Auckland on each day, as the calendar would answer (NZDT, +13:00, in November). */
function aucklandSlots(days: string[]): SlotsByDate {
  return Object.fromEntries(
    days.map((day) => [day, [0, 15].map((m) => ({ time: new Date(Date.parse(`${day}T10:${m === 0 ? '00' : '15'}:00+13:00`)).toISOString() }))]),
  )
}

/** Answers the week's request with `week`, and the look-ahead (a longer range) with `later`. */
async function answerSlots(page: Page, week: SlotsByDate, later: SlotsByDate = {}) {
  await page.route('**/api/calendar/slots?**', async (route) => {
    const { json } = JSON.parse(new URL(route.request().url()).searchParams.get('input')!) as { json: { startTime: string; endTime: string } }
    const days = (Date.parse(json.endTime) - Date.parse(json.startTime)) / 86_400_000
    await route.fulfill({ json: slotsAnswer(days > 12 ? later : week) })
  })
}

test.describe('the first free day (Auckland)', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

  for (const { when, now } of [
    { when: 'on a Saturday', now: '2026-11-20T22:00:00Z' }, // Saturday 21 November, 11:00
    { when: 'on a Friday at 16:00', now: '2026-11-20T03:00:00Z' }, // Friday 20 November, 16:00: today's times are gone
  ]) {
    test(`opening ${when} shows Monday's times first, marked in the day row`, async ({ page }) => {
      await page.clock.install({ time: now })
      await answerSlots(page, aucklandSlots(['2026-11-23', '2026-11-24']))
      await page.goto('/about')
      const section = await talkToExpert(page)
      await expect(shownDay(section)).toHaveText('Monday, 23 November 2026')
      await expect(slotButtons(section)).toHaveText(['10:00 am', '10:15 am'])
      await expect(dayRowButtons(section)).toHaveCount(7)
      const monday = section.getByRole('button', { name: 'Mon 23 Nov, 2 times' })
      await expect(monday).toHaveAttribute('aria-pressed', 'true')
      await expect(section.getByRole('button', { name: 'Sun 22 Nov, none' })).toHaveAttribute('aria-pressed', 'false')
      // Previous Day still goes back to today; a day of the row is one tap away.
      await section.getByRole('button', { name: 'Tue 24 Nov, 2 times' }).click()
      await expect(shownDay(section)).toHaveText('Tuesday, 24 November 2026')
    })
  }

  test('the modal form drawn ahead before midnight opens on the new day when Book a Call is pressed after it', async ({ page }) => {
    await page.clock.install({ time: '2026-11-22T10:50:00Z' }) // Sunday 22 November, 23:50
    await answerSlots(page, aucklandSlots(['2026-11-23', '2026-11-24']))
    await page.goto('/')
    await expect(modalForm(page)).toHaveCount(1)
    await page.clock.fastForward('15:00') // Monday 23 November, 00:05
    const dialog = await openBookingModal(page)
    await expect(shownDay(dialog)).toHaveText('Monday, 23 November 2026')
    // Today is Monday: the row starts there, and there is no going back to Sunday.
    await expect(dayRowButtons(dialog).first()).toHaveAccessibleName('Mon 23 Nov, 2 times')
    await expect(dialog.getByRole('button', { name: 'Previous Day' })).toBeDisabled()
  })

  test('a zone chosen in the inline form is the one the modal form drawn ahead opens in', async ({ page }) => {
    await page.goto('/about')
    const section = await talkToExpert(page)
    await expect(modalForm(page)).toHaveCount(1)
    await chooseTimeZone(section, 'new york', 'America/New_York')
    const dialog = await openBookingModal(page)
    await expect(zoneBox(dialog)).toHaveValue('America/New York')
  })

  test('a week with no free day says so once, names the next free day, and its button goes there', async ({ page }) => {
    await page.clock.install({ time: '2026-11-20T22:00:00Z' })
    await answerSlots(page, {}, aucklandSlots(['2026-12-01']))
    await page.goto('/about')
    const section = await talkToExpert(page)
    await expect(section.getByText('No times this week. The next free day is Tuesday 1 December.', { exact: true })).toBeVisible()
    await expect(section.getByText('No available time slots for this date')).toHaveCount(0)
    await page.unroute('**/api/calendar/slots?**')
    await answerSlots(page, aucklandSlots(['2026-12-01']))
    await section.getByRole('button', { name: 'Go to Tuesday 1 December' }).click()
    await expect(shownDay(section)).toHaveText('Tuesday, 1 December 2026')
    await expect(slotButtons(section)).toHaveText(['10:00 am', '10:15 am'])
  })
})

for (const { locale, on, label } of [
  { locale: 'en-GB', on: true, label: '10:00' },
  { locale: 'en-US', on: false, label: '10:00 AM' },
]) {
  test.describe(`the 24-hour switch in ${locale}`, () => {
    test.use({ timezoneId: 'Pacific/Auckland', locale })

    test(`is ${on ? 'on' : 'off'} by default, and the other choice is remembered`, async ({ page }) => {
      await page.clock.install({ time: '2026-11-22T22:00:00Z' }) // Monday 23 November, 11:00
      await answerSlots(page, aucklandSlots(['2026-11-24']))
      await page.goto('/about')
      let section = await talkToExpert(page)
      const toggle = clockSwitch(section)
      await expect(toggle).toHaveAttribute('aria-checked', String(on))
      await expect(slotButtons(section).first()).toHaveText(label)
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-checked', String(!on))
      await expect(slotButtons(section).first()).toHaveText(on ? '10:00 am' : '10:00')
      await slotButtons(section).first().click()
      await expect(timeGroup(section).getByText(on ? 'Selected: Tuesday, 24 November 2026, 10:00 am' : /^Selected: Tuesday, (24 )?November( 24)?, 2026, 10:00$/)).toBeVisible()

      await page.reload()
      section = await talkToExpert(page)
      await expect(clockSwitch(section)).toHaveAttribute('aria-checked', String(!on))
    })
  })
}

test.describe('the zone list', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

  test('is a combobox a keyboard drives, each zone with its places, time of day and offset, the detected one first; axe finds nothing', async ({ page }) => {
    await page.goto('/about')
    const section = await talkToExpert(page)
    const box = zoneBox(section)
    // Until its search has loaded the box cannot be focused, and an arrow pressed then goes to the page.
    await expect(box).toBeEnabled()
    await box.focus()
    await page.keyboard.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const options = section.getByRole('option')
    await expect(options.first()).toHaveAccessibleName(
      /^Pacific\/Auckland New Zealand Time · Auckland, Christchurch, Wellington, Manukau City \d{1,2}:\d\d [ap]m UTC\+1[23]:00$/,
    )
    await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
    await typeInto(box, 'syd')
    await expect(section.getByRole('option', { name: /^Australia\/Sydney Australian Eastern Time · .* UTC\+1[01]:00$/ })).toBeVisible()
    // Halifax serves Sydney, Nova Scotia: the arrows go to it and back.
    await page.keyboard.press('ArrowDown')
    await expect(section.getByRole('option', { name: /^America\/Halifax Atlantic Time, Canada · Halifax, Sydney/ })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('Australia/Sydney')
    await expect(section.getByText('Times in Australia/Sydney (Australian Eastern', { exact: false })).toBeVisible()
    await page.keyboard.press('Escape')
    await expectNoAxeViolations(page, { include: '#talk-to-an-expert' })
  })

  test('takes typing as a person types: a click selects the name, keys are kept on a slow phone, Enter picks, Escape restores', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about')
    const section = await talkToExpert(page)
    const box = zoneBox(section)
    // A slow phone: four times slower than this machine.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

    // A tap on the box selects the zone's name: typing replaces it rather than appending.
    await box.click()
    await box.pressSequentially('new york')
    await expect(box).toHaveValue('new york')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('America/New York')
    await expect(section.getByText(/^Times in America\/New York \(/)).toBeVisible()

    await box.click()
    await box.pressSequentially('london')
    await expect(box).toHaveValue('london')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('Europe/London')

    // Typing something else, then Escape twice: the zone in use is back, the box is never empty.
    await box.click()
    await box.pressSequentially('xyz')
    await expect(section.getByText('No time zone matches')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(box).toHaveValue('Europe/London')
    await page.keyboard.press('Escape')
    await expect(box).toHaveValue('Europe/London')
    await expect(section.getByText(/^Times in Europe\/London \(/)).toBeVisible()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  })

  test('waits for its search with the zone in use, out of the Tab order, then takes typing as before', async ({ page }) => {
    const release = await holdRequests(page, '**/assets/ZoneSearch-*.js')
    await page.goto('/about')
    const section = await talkToExpert(page)
    const box = zoneBox(section)
    // The slots do not wait for the search (docs/performance.md#the-zone-search-after-the-slots).
    await expect(slotButtons(section).first()).toBeVisible()
    await expect(box).toHaveValue('Pacific/Auckland')
    await expect(box).toBeDisabled()
    // Tab from the times passes the box by: a key typed into it now would be lost when the search takes its place.
    await goToBookableDay(section)
    await chooseSlot(section, 0)
    await page.keyboard.press('Tab')
    await expect(clockSwitch(section)).toBeFocused()

    release()
    await expect(box).toBeEnabled()
    await chooseTimeZone(section, 'lond', 'Europe/London')
  })

  for (const [typed, zone] of [
    ['NZ', 'Pacific/Auckland'],
    ['New Zealand', 'Pacific/Auckland'],
    ['India', /^Asia\/(Kolkata|Calcutta)$/],
    ['Sydney', 'Australia/Sydney'],
  ] as const) {
    test(`"${typed}" finds ${zone}`, async ({ page }) => {
      await page.goto('/about')
      const section = await talkToExpert(page)
      const box = zoneBox(section)
      await box.click()
      await box.pressSequentially(typed)
      await page.keyboard.press('Enter')
      await expect(box).toHaveValue(zone)
    })
  }
})

test.describe('the zone list in the dialog', () => {
  test.use({ timezoneId: 'Europe/London', locale: 'en-GB' })

  const kolkata = /^Asia\/(Kolkata|Calcutta) India Time · Mumbai/
  // What a person types, and the option the list puts first.
  const searches: [string, RegExp][] = [
    ['kolkata', kolkata],
    ['mumbai', kolkata],
    ['india', kolkata],
    ['wellington', /^Pacific\/Auckland New Zealand Time · .*Wellington/],
    ['christchurch', /^Pacific\/Auckland /],
    ['pst', /^America\/Los Angeles Pacific Time, United States · /],
    ['eastern', /^America\/New York Eastern Time, United States · /],
    ['est', /^America\/New York /],
    ['gmt', / UTC(\+00:00)?$/],
    ['+13', / UTC\+13:00$/],
  ]

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${width} px finds a zone by city, country, common name, abbreviation or offset as typed, the open list whole on the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height })
      await page.goto('/')
      const dialog = await openBookingModal(page)
      const box = zoneBox(dialog)
      const list = dialog.getByRole('listbox')
      await expect(box).toBeEnabled()

      for (const [typed, first] of searches) {
        await box.click()
        await box.pressSequentially(typed)
        await expect(box).toHaveValue(typed)
        await expect(list.getByRole('option').first()).toHaveAccessibleName(first)
        // Not cut by the dialog's edge.
        await expect(list).toBeInViewport({ ratio: 1 })
        await page.keyboard.press('Escape')
        await expect(box).toHaveAttribute('aria-expanded', 'false')
        await expect(box).toHaveValue('Europe/London')
      }
      await box.click()
      await box.pressSequentially('ist')
      await expect(dialog.getByRole('option', { name: kolkata })).toBeVisible()
    })

    test(`at ${width} px takes the zone picked, axe finds nothing with the list open, and Escape closes the list, then the dialog`, async ({ page }) => {
      await page.setViewportSize({ width, height })
      await page.goto('/')
      const dialog = await openBookingModal(page)
      const box = zoneBox(dialog)
      const list = dialog.getByRole('listbox')
      await box.click()
      await box.pressSequentially('wellington')
      await zoneOption(dialog, 'Pacific/Auckland').click()
      await expect(box).toHaveValue('Pacific/Auckland')
      await expect(dialog.getByText(/^Times in Pacific\/Auckland \(/)).toBeVisible()

      await box.click()
      await box.pressSequentially('syd')
      await expect(list).toBeInViewport({ ratio: 1 })
      await expectNoAxeViolations(page, { include: 'dialog' })
      // The first Escape is the list's, the second the dialog's.
      await page.keyboard.press('Escape')
      await expect(box).toHaveAttribute('aria-expanded', 'false')
      await expect(box).toHaveValue('Pacific/Auckland')
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
  }
})
