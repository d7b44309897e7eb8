/** Typing as a person types, for every browser test (docs/design.md#tests). */
import { expect, type Locator } from '@playwright/test'

/**
 * Types into a box as a person does: focus, select what is there and delete it, then key by key; the box
 * must then hold exactly the text (a box that loses keys or appends to its old value fails here).
 */
export async function typeInto(box: Locator, text: string): Promise<void> {
  await box.click()
  await box.press('ControlOrMeta+a')
  await box.press('Backspace')
  await box.pressSequentially(text)
  // An email box drops the spaces around its value as the browser sanitises it (HTML's value sanitization).
  const email = (await box.getAttribute('type')) === 'email'
  await expect(box).toHaveValue(email ? text.trim() : text)
}

/**
 * Pastes into a box as a person pastes (one insertion, as the browser's paste does): for what no one types key by
 * key, such as control characters or ten thousand characters.
 */
export async function pasteInto(box: Locator, text: string): Promise<void> {
  await box.click()
  await box.press('ControlOrMeta+a')
  await box.press('Backspace')
  await box.page().keyboard.insertText(text)
  await expect(box).toHaveValue(text)
}

/**
 * Types a day (YYYY-MM-DD) into a date field as a person does, digit by digit: Chromium lays the field out in its own
 * locale (en-US here, whatever the page's), month, day, year, each part moving on to the next by itself.
 */
export async function typeDay(field: Locator, day: string): Promise<void> {
  const [year, month, date] = day.split('-')
  // Into its first part, the month, as a person who clicks at the field's start (focus alone takes no keys there).
  const box = await field.boundingBox()
  await field.click({ position: { x: 24, y: (box?.height ?? 40) / 2 } })
  await field.pressSequentially(`${month}${date}${year}`)
  await expect(field).toHaveValue(day)
}
