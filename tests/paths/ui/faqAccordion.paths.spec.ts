import { expect, type Page } from '@playwright/test'
import { faqAccordionMachine, type FaqAccordionEvent } from '../../../machines/faqAccordion'
import { FAQ_EXPAND_DELAY_MS, SCROLL_DELAY_MS } from '../../../machines/scrollIntent'
import { pricingFaqs } from '../../../src/content/faqs'
import { appReady, describeUiPaths } from '../support/uiLevel'

/**
 * The home page's pricing FAQ: the visitor clicks questions (TOGGLE_ITEM), and the footer's 'Pricing'
 * link opens the first item through the scroll intent (OPEN_ITEM). It is the one FAQ on the site that
 * receives both events (/faqs and /services/automation only toggle).
 */
const questions = pricingFaqs.slice(0, 2).map((item) => item.question)

const samples: Record<FaqAccordionEvent['type'], FaqAccordionEvent[]> = {
  TOGGLE_ITEM: questions.map((_, index) => ({ type: 'TOGGLE_ITEM', index }) as const),
  OPEN_ITEM: [{ type: 'OPEN_ITEM', index: 0 }],
}

const question = (page: Page, index: number) => page.getByRole('button', { name: pricingFaqs[index]!.question, exact: true })
const answer = (page: Page, index: number) => page.getByRole('region', { name: pricingFaqs[index]!.question, exact: true })

describeUiPaths(
  'faqAccordion',
  faqAccordionMachine,
  async (page) => {
    await page.clock.install()
    await page.goto('/')
    await appReady(page)
    return { page, target: null as number | null }
  },
  {
    samples,
    serializeState: (s) => JSON.stringify({ value: s.value, openIndex: s.context.openIndex }),
    events: {
      TOGGLE_ITEM: async (sut, { index }) => {
        sut.target = index
        await question(sut.page, index).click()
      },
      OPEN_ITEM: async (sut, { index }) => {
        sut.target = index
        await sut.page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click()
        // docs/design.md#constants: the page scrolls after about 100 ms and the first item opens 500 ms later.
        await sut.page.clock.runFor(SCROLL_DELAY_MS + FAQ_EXPAND_DELAY_MS)
      },
    },
    internal: { advance: async (sut, ms) => sut.page.clock.runFor(ms), done: {}, error: {} },
    states: {
      allClosed: async (sut) => {
        for (const index of questions.keys()) {
          await expect(question(sut.page, index)).toHaveAttribute('aria-expanded', 'false')
          await expect(answer(sut.page, index)).toBeHidden()
        }
        await expect(sut.page.getByRole('button', { expanded: true })).toHaveCount(0)
      },
      // The item just asked for is open, its answer shown; every other item is closed.
      itemOpen: async (sut) => {
        const open = sut.target!
        await expect(question(sut.page, open)).toHaveAttribute('aria-expanded', 'true')
        await expect(answer(sut.page, open)).toBeVisible()
        await expect(answer(sut.page, open)).toContainText(pricingFaqs[open]!.answer)
        await expect(sut.page.getByRole('button', { expanded: true })).toHaveCount(1)
        for (const index of questions.keys()) if (index !== open) await expect(answer(sut.page, index)).toBeHidden()
      },
    },
  },
)
