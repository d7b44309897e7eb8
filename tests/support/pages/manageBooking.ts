/**
 * The manage page /booking/{uid} as a visitor finds it, shared by the e2e spec and the UI path spec:
 * the page's step (its heading), its buttons, the reason field, the new-time picker. Roles, labels and
 * the page's texts only.
 */
import type { Locator, Page } from '@playwright/test'
import { waitForHydration } from '../../e2e/support/hydration'

export const managePath = (uid: string) => `/booking/${encodeURIComponent(uid)}`

/** Opens the manage page of `uid` and waits until it has hydrated (its machine then asks for the booking). */
export async function openManagePage(page: Page, uid: string): Promise<Locator> {
  await page.goto(managePath(uid))
  await waitForHydration(page)
  return page.getByRole('main')
}

export const pageHeading = (main: Locator) => main.getByRole('heading', { level: 1, name: 'Manage your call' })

/** The heading of the step shown (the focus goes there when the step changes). */
export const stepHeading = (main: Locator) => main.getByRole('heading', { level: 2 })

export const loadingStatus = (main: Locator) => main.getByRole('status').filter({ hasText: 'Loading your booking…' })

export type ManageButton =
  | 'Reschedule'
  | 'Cancel this call'
  | 'Book a new call'
  | 'Yes, cancel the call'
  | 'Cancelling...'
  | 'Keep my call'
  | 'Move my call'
  | 'Saving...'
  | 'Keep the current time'
  | 'Retry'

export const manageButton = (main: Locator, name: ManageButton) => main.getByRole('button', { name, exact: true })

export const reasonField = (main: Locator) => main.getByLabel('Reason for cancelling (optional)')

/** The day picker and the day's slots of the reschedule step. */
export const newTimeGroup = (main: Locator) => main.getByRole('group', { name: 'Choose a new time' })

export const newSlotButtons = (main: Locator) => newTimeGroup(main).getByRole('listitem').getByRole('button')

export const newSlot = (main: Locator, label: string) => newSlotButtons(main).filter({ hasText: label })

/** The step's alert: empty, or the failure's sentence. */
export const stepAlert = (main: Locator) => main.getByRole('alert')

export { keyboardToTime, tabTo } from '../keyboard'
