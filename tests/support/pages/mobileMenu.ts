/** The slide-in menu of a narrow window, shared by the e2e specs and the UI path specs. */
import type { Page } from '@playwright/test'

/** The header's menu button: hidden, not gone, once the window is wider than the md breakpoint. */
export const menuToggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true })

export const mobileMenu = (page: Page) => page.getByRole('dialog', { name: 'Menu' })
