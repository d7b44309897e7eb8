import { expect, type Locator, type Page } from '@playwright/test'
import { bookingModalMachine } from '../../../machines/bookingModal'
import { appReady, describeUiPaths } from '../support/uiLevel'
import { bookingModalModel } from './support/chromeModels'
import { answerCalendarApi, TOAST_TEXT, VISITOR } from './support/siteChrome'
import { bookingDialog, confirmButton, contactField, fillContact, heroBookCall, slotButtons } from '../../support/pages/bookingForm'
import { bodyOverflow } from '../../support/pages/window'

interface Sut {
  page: Page
  opener: Locator
  dialog: Locator
  toast: Locator
  /**
   * Where focus must be after the last thing that happened: back on the modal's opener after a close without a
   * booking or a dismissal, on the confirmation after a booking (then in it, once a Tab has been pressed).
   */
  focus: 'opener' | 'confirmation' | 'in confirmation' | null
}

/** The modal opened from the hero's Book a Call on /; the calendar API is answered by the test. */
describeUiPaths(
  'bookingModal',
  bookingModalMachine,
  async (page): Promise<Sut> => {
    await answerCalendarApi(page)
    await page.goto('/')
    await appReady(page)
    return {
      page,
      opener: heroBookCall(page),
      dialog: bookingDialog(page),
      toast: page.getByRole('status').filter({ hasText: TOAST_TEXT }),
      focus: null,
    }
  },
  {
    ...bookingModalModel,
    events: {
      OPEN: async (sut) => {
        await sut.opener.click()
        sut.focus = null
      },
      ESCAPE_PRESSED: async (sut) => {
        await sut.page.keyboard.press('Escape')
        sut.focus = 'opener'
      },
      CLOSE_CLICKED: async (sut) => {
        await sut.dialog.getByRole('button', { name: 'Close' }).click()
        sut.focus = 'opener'
      },
      BACKDROP_CLICKED: async (sut) => {
        // The top left corner is outside the centred dialog: the backdrop.
        await sut.page.mouse.click(8, 8)
        sut.focus = 'opener'
      },
      BOOKING_CONFIRMED: async (sut) => {
        await slotButtons(sut.dialog).first().click()
        await fillContact(sut.dialog, VISITOR.name, VISITOR.email)
        await confirmButton(sut.dialog).click()
        sut.focus = 'confirmation'
      },
      TOAST_DISMISSED: async (sut) => {
        await sut.toast.getByRole('button', { name: 'Dismiss' }).click()
        // The Dismiss button is gone with the toast: focus goes back to the modal's opener.
        sut.focus = 'opener'
      },
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      dialog: () => {},
      'dialog.closed': async (sut) => {
        await expect(sut.dialog).toHaveCount(0)
        expect(await bodyOverflow(sut.page), 'page scrolling is free').not.toBe('hidden')
        if (sut.focus === 'opener') await expect(sut.opener).toBeFocused()
        if (sut.focus === 'confirmation') await expect(sut.toast.getByText(TOAST_TEXT)).toBeFocused()
        if (sut.focus === 'in confirmation') expect(await sut.toast.evaluate((el) => el.contains(document.activeElement))).toBe(true)
      },
      'dialog.open': async (sut) => {
        await expect(sut.dialog).toBeVisible()
        await expect(sut.dialog).toHaveAttribute('aria-modal', 'true')
        expect(await sut.dialog.evaluate((el) => el.contains(document.activeElement)), 'focus is inside the dialog').toBe(true)
        // The dialog shows at the press; the lock comes with the machine, which may still be loading.
        await expect.poll(() => bodyOverflow(sut.page), 'page scrolling is locked').toBe('hidden')
        // Every open shows a fresh form.
        await expect(contactField(sut.dialog, 'name')).toHaveValue('')
        await expect(contactField(sut.dialog, 'email')).toHaveValue('')
      },
      toast: () => {},
      'toast.hidden': async (sut) => expect(sut.page.getByText(TOAST_TEXT)).toHaveCount(0),
      'toast.shown': async (sut) => {
        await expect(sut.toast).toBeVisible()
        await expect(sut.toast.getByRole('group', { name: 'Add to calendar:' }).getByRole('link')).toHaveText(['Google Calendar', 'Outlook', 'Office 365', 'Apple / other (.ics)'])
        if (sut.focus !== 'confirmation') return
        // Just booked: the confirmation has the focus, and the next Tab stop is its first link.
        await expect(sut.toast.getByText(TOAST_TEXT)).toBeFocused()
        await sut.page.keyboard.press('Tab')
        await expect(sut.toast.getByRole('link').first()).toBeFocused()
        sut.focus = 'in confirmation'
      },
    },
  },
)
