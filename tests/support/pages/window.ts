/** The page as a whole, for the specs of what locks it (the booking modal, the mobile menu) and moves it. */
import type { Page } from '@playwright/test'

/** 'hidden' while something modal locks page scrolling. */
export const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
