import { expect, test, type Page, type Route } from '@playwright/test'
import type { EventObject } from 'xstate'
import { FAQ_EXPAND_DELAY_MS, HOME_PATH, SCROLL_DELAY_MS, scrollIntentMachine, type ScrollIntentEvent, type ScrollTarget } from '../../../machines/scrollIntent'
import { waitForHydration } from '../../e2e/support/hydration'
import { createMachineModel, pathTitle, type ModelOptions } from '../support/machineModel'
import { describeUiPaths, walkUiPath, type UiPathSpec } from '../support/uiLevel'
import { ARRIVED_WITH_FLAG, scrollIntentModel } from './support/chromeModels'
import { scrollY } from '../../support/pages/window'

/** The heading of each home-page section a scroll intent aims at. */
const SECTION_HEADINGS: Record<ScrollTarget, string> = {
  services: 'Everything you need to put AI to work',
  process: 'How we work, in five steps',
  faq: 'Pricing and common questions',
}

interface Sut {
  page: Page
  path: string
  /** The machine is navigating to / (the new page's scripts are held until the path says it arrives). */
  navigating: boolean
  target: ScrollTarget | null
  /** The window's scroll position after the visitor's last action. */
  y: number
  /** The first pricing FAQ item is open (the pricing FAQ is one actor for the whole site: it stays open across pages). */
  faqOpen: boolean
  hold(on: boolean): Promise<void>
}

/**
 * Where the page rests after a click, once anything still settling below has (a lazily loaded part can
 * change the page's height while Playwright has it scrolled to the bottom). The intent's own delays run
 * on the paused page clock, so they cannot fire while this waits.
 */
async function restingScrollY(page: Page): Promise<number> {
  const samples: number[] = []
  // Two reads 250 ms apart that agree (the first read has nothing to agree with).
  await expect
    .poll(async () => samples.push(await scrollY(page)) > 1 && samples.at(-1) === samples.at(-2), { intervals: [250] })
    .toBe(true)
  return samples.at(-1)!
}
const footer = (page: Page) => page.getByRole('contentinfo')
const firstFaqItem = (page: Page) =>
  page.getByRole('region', { name: SECTION_HEADINGS.faq }).getByRole('button', { expanded: true }).or(
    page.getByRole('region', { name: SECTION_HEADINGS.faq }).getByRole('button', { expanded: false }),
  ).first()

/**
 * Prepares the page: reduced motion (so scrolls are instant), page.clock paused (the 100 ms and
 * 500 ms delays run when the path says), and new scripts held on demand, so a navigation to / can be
 * caught while its page is still loading. Ends on `path` with the pages the paths visit loaded once.
 */
async function open(page: Page, path: string): Promise<Sut> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const held: Route[] = []
  let holding = false
  await page.route('**/assets/*.js', (route) => (holding ? void held.push(route) : route.continue()))
  await page.clock.install({ time: new Date('2026-03-03T09:00:00+13:00') })
  await page.goto('/resources')
  await waitForHydration(page)
  if (path !== '/resources') {
    await footer(page).getByRole('link', { name: path === HOME_PATH ? undefined : 'About Us' }).first().click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect.poll(() => scrollY(page), 'a new page starts at the top').toBe(0)
  }
  await page.clock.pauseAt(new Date('2026-03-03T09:10:00+13:00'))
  return {
    page,
    path,
    navigating: false,
    target: null,
    y: await scrollY(page),
    faqOpen: false,
    hold: async (on) => {
      holding = on
      if (!on) await Promise.all(held.splice(0).map((route) => route.continue()))
    },
  }
}

/** Another page than the one shown, whose scripts are loaded already: the change is immediate. */
async function goElsewhere(sut: Sut) {
  const to = sut.path === '/about' ? { name: 'Resources', path: '/resources' } : { name: 'About Us', path: '/about' }
  await footer(sut.page).getByRole('link', { name: to.name, exact: true }).click()
  await expect(sut.page).toHaveURL(new RegExp(`${to.path}$`))
  sut.path = to.path
}

const spec: UiPathSpec<typeof scrollIntentMachine, Sut> = {
  ...scrollIntentModel,
  events: {
    GO: async (sut, event) => {
      if (sut.path !== HOME_PATH) {
        await sut.hold(true)
        sut.navigating = true
      }
      const { page } = sut
      const control =
        event.target === 'faq'
          ? footer(page).getByRole('link', { name: 'Pricing' })
          : page.getByRole('banner').getByRole('link', { name: event.target === 'services' ? 'Our Services' : 'Process' })
      await control.click()
      sut.target = event.target
      sut.y = await restingScrollY(page)
    },
    PATH_CHANGED: async (sut, event) => {
      const { page } = sut
      if (sut.navigating) {
        if (event.pathname === HOME_PATH) {
          // The router finishes the navigation the intent started.
          await sut.hold(false)
          await expect(page).toHaveURL(/\/$/)
          await expect(page.getByRole('heading', { name: SECTION_HEADINGS.services })).toBeAttached()
          sut.path = HOME_PATH
        } else {
          // The visitor went somewhere else while / was loading.
          await goElsewhere(sut)
          await expect(page.getByRole('heading', { name: SECTION_HEADINGS.services })).toHaveCount(0)
          await sut.hold(false)
          sut.target = null
        }
        sut.navigating = false
      } else if (event.pathname === HOME_PATH) {
        if (event.scrollTo) {
          // Back to the entry of / that the Pricing intent created.
          await page.goBack()
          sut.target = event.scrollTo
        } else {
          await page.getByRole('banner').getByRole('link').first().click()
        }
        await expect(page).toHaveURL(/\/$/)
        sut.path = HOME_PATH
        if (!event.scrollTo) await expect.poll(() => scrollY(page), 'a new page starts at the top').toBe(0)
      } else {
        await goElsewhere(sut)
        sut.target = null
        await expect.poll(() => scrollY(page), 'a new page starts at the top').toBe(0)
      }
      sut.y = await scrollY(page)
    },
  },
  internal: {
    advance: async (sut, ms) => {
      await sut.page.clock.runFor(ms)
      if (ms === SCROLL_DELAY_MS) {
        await expect(sut.page.getByRole('heading', { name: SECTION_HEADINGS[sut.target!] })).toBeInViewport()
      } else if (ms === FAQ_EXPAND_DELAY_MS) {
        await expect(firstFaqItem(sut.page), 'the first pricing question is open').toHaveAttribute('aria-expanded', 'true')
        sut.faqOpen = true
        sut.target = null
      }
      if (sut.target !== 'faq') sut.target = null
      sut.y = await scrollY(sut.page)
    },
    done: {},
    error: {},
  },
  states: {
    idle: async (sut) => {
      // Nothing is pending: time passes and nothing moves.
      const faqBefore = sut.path === HOME_PATH ? await firstFaqItem(sut.page).getAttribute('aria-expanded') : null
      await sut.page.clock.runFor(SCROLL_DELAY_MS + FAQ_EXPAND_DELAY_MS + 100)
      expect(await scrollY(sut.page)).toBe(sut.y)
      if (faqBefore !== null) expect(await firstFaqItem(sut.page).getAttribute('aria-expanded')).toBe(faqBefore)
    },
    navigating: async (sut) => {
      // The page the visitor left is still shown while / loads.
      await expect(sut.page.getByRole('heading', { name: SECTION_HEADINGS.services })).toHaveCount(0)
      expect(await scrollY(sut.page)).toBe(sut.y)
    },
    scrolling: async (sut) => {
      await expect(sut.page).toHaveURL(/\/$/)
      // Not yet: the scroll comes 100 ms after the request.
      expect(await scrollY(sut.page)).toBe(sut.y)
    },
    expandingFaq: async (sut) => {
      await expect(sut.page.getByRole('heading', { name: SECTION_HEADINGS.faq })).toBeInViewport()
      await expect(firstFaqItem(sut.page)).toHaveAttribute('aria-expanded', sut.faqOpen ? 'true' : 'false')
    },
  },
}

/** Generated paths: the visitor starts on /about (the flagged history arrival is the journey below). */
describeUiPaths<typeof scrollIntentMachine, Sut>('scrollIntent', scrollIntentMachine, (page) => open(page, '/about'), {
  ...spec,
  noFirstTouch:
    'before the app runs its controls are plain links (/#faq, /#process, /#services): a full page load whose fragment the app takes as the intent on arrival (navigation.spec), and the Pricing link on / is faqAccordion\'s first touch',
  samples: { ...scrollIntentModel.samples, PATH_CHANGED: scrollIntentModel.samples.PATH_CHANGED.filter((e) => e !== ARRIVED_WITH_FLAG) },
})

/**
 * Journeys for what the generated paths cannot set up from their start: a history entry of / that
 * carries the flag, and a first FAQ item the visitor opened already. Run with the same executors and
 * checks, and counted in the coverage report like the generated paths.
 */
function journey(title: string, options: ModelOptions, events: ReadonlyArray<ScrollIntentEvent | EventObject>, start: (page: Page) => Promise<Sut>) {
  const path = createMachineModel(scrollIntentMachine, options).getPathsFromEvents([...events] as never)[0]!
  test(`scrollIntent journey: ${title}`, async ({ page }) => {
    expect(path.steps.map((s) => s.event.type).slice(1)).toEqual(events.map((e) => e.type))
    await walkUiPath('scrollIntent', scrollIntentMachine, await start(page), path, `journey: ${pathTitle(path)}`, spec)
  })
}

const goFaq: ScrollIntentEvent = { type: 'GO', target: 'faq' }
const home: ScrollIntentEvent = { type: 'PATH_CHANGED', pathname: '/' }
const about: ScrollIntentEvent = { type: 'PATH_CHANGED', pathname: '/about' }
const afterScroll = { type: 'xstate.after.scrollDelay.scrollIntent.scrolling' }
const afterFaq = { type: 'xstate.after.faqExpandDelay.scrollIntent.expandingFaq' }

journey(
  'Pricing from /about, on to About Us, then Back: / scrolls to the FAQ again',
  scrollIntentModel,
  [goFaq, home, afterScroll, afterFaq, about, ARRIVED_WITH_FLAG, afterScroll, afterFaq],
  (page) => open(page, '/about'),
)

journey(
  'Pricing on / with the first question open already: it stays open',
  { ...scrollIntentModel, input: { pathname: HOME_PATH } },
  [goFaq, afterScroll, afterFaq],
  async (page) => {
    const sut = await open(page, HOME_PATH)
    await firstFaqItem(page).click()
    await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true')
    sut.faqOpen = true
    sut.y = await scrollY(page)
    return sut
  },
)
