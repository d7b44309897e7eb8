import { expect, test, type Locator, type Page } from '@playwright/test'
import { dropdownMenuMachine } from '../../../machines/dropdownMenu'
import type { UserExecutors } from '../support/executors'
import { appReady, describeUiPaths } from '../support/uiLevel'

/** The header's 'Resources' disclosure at desktop width, on /about. */
test.use({ viewport: { width: 1280, height: 800 } })

interface Sut {
  page: Page
  button: Locator
  /** The 'Learning Center' links, shown only while the panel is open. */
  learningCenter: Locator
  /** Whether the step just taken was Escape, after which focus must be back on the button. */
  escaped: boolean
}

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** What is the same whatever the visitor uses: Escape, a click elsewhere, Tab out of the menu. */
const common: Omit<UserExecutors<typeof dropdownMenuMachine, Sut>, 'TOGGLE' | 'ITEM_SELECTED'> = {
  ESCAPE_PRESSED: async (sut) => {
    // From inside the panel, so giving focus back to the button is something that has to happen.
    await sut.page.keyboard.press('Tab')
    await expect(sut.page.getByRole('link', { name: 'Getting Started' })).toBeFocused()
    await sut.page.keyboard.press('Escape')
    sut.escaped = true
  },
  // A click on the empty margin of the page, left of the content.
  OUTSIDE_CLICKED: async (sut) => sut.page.mouse.click(4, 500),
  // Shift+Tab from the button moves focus to 'Process', outside the menu.
  FOCUS_LEFT: async (sut) => {
    await sut.page.keyboard.press('Shift+Tab')
    await expect(main(sut.page).getByRole('link', { name: 'Process' })).toBeFocused()
  },
}

const ways: Record<'mouse' | 'keyboard', Pick<UserExecutors<typeof dropdownMenuMachine, Sut>, 'TOGGLE' | 'ITEM_SELECTED'>> = {
  mouse: {
    TOGGLE: (sut) => sut.button.click(),
    ITEM_SELECTED: (sut) => sut.learningCenter.getByRole('link', { name: 'Tutorials' }).click(),
  },
  keyboard: {
    TOGGLE: async (sut) => {
      await sut.button.focus()
      await sut.page.keyboard.press('Enter')
    },
    ITEM_SELECTED: async (sut) => {
      await sut.learningCenter.getByRole('link', { name: 'Tutorials' }).focus()
      await sut.page.keyboard.press('Enter')
    },
  },
}

for (const [way, executors] of Object.entries(ways)) {
  test.describe(`by ${way}`, () => {
    describeUiPaths<typeof dropdownMenuMachine, Sut>(
      'dropdownMenu',
      dropdownMenuMachine,
      async (page): Promise<Sut> => {
        await page.goto('/about')
        await appReady(page)
        const button = main(page).getByRole('button', { name: 'Resources' })
        return { page, button, learningCenter: page.getByRole('list', { name: 'Learning Center' }), escaped: false }
      },
      {
        serializeState: (s) => JSON.stringify(s.value),
        events: {
          ...common,
          ...executors,
          TOGGLE: async (sut, event) => {
            sut.escaped = false
            await executors.TOGGLE(sut, event)
          },
        },
        internal: { advance: () => {}, done: {}, error: {} },
        states: {
          closed: async (sut) => {
            await expect(sut.button).toHaveAttribute('aria-expanded', 'false')
            await expect(sut.learningCenter).toBeHidden()
            await expect(sut.page.getByRole('link', { name: 'Getting Started' })).toBeHidden()
            if (sut.escaped) await expect(sut.button).toBeFocused()
          },
          open: async (sut) => {
            await expect(sut.button).toHaveAttribute('aria-expanded', 'true')
            await expect(sut.page.getByRole('link', { name: 'Getting Started' })).toBeVisible()
            await expect(sut.learningCenter.getByRole('link')).toHaveText([/^Tutorials/, /^Case Studies/, /^Pricing/])
          },
        },
      },
    )
  })
}
