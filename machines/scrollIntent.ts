import { assertEvent, assign, setup } from 'xstate'
import { scrollToSection, scrollToTop } from '../src/lib/scrolling'

/** Home-page sections a scroll intent can aim at (their ids on /). */
export type ScrollTarget = 'services' | 'faq' | 'process'

export const SCROLL_TARGETS: ReadonlyArray<ScrollTarget> = ['services', 'faq', 'process']

export const HOME_PATH = '/'

/** SPEC §9: scroll about 100 ms after the request; open the first pricing FAQ item 500 ms later. */
export const SCROLL_DELAY_MS = 100
export const FAQ_EXPAND_DELAY_MS = 500

export interface ScrollIntentContext {
  /** The section being scrolled to, or null when no intent is pending. */
  target: ScrollTarget | null
}

export type ScrollIntentEvent =
  /** A control asked for a section; `pathname` is where the visitor is now. */
  | { type: 'GO'; target: ScrollTarget; pathname: string }
  /** The router finished a change of path; `scrollTo` is the flag carried in the navigation state. */
  | { type: 'PATH_CHANGED'; pathname: string; scrollTo?: ScrollTarget | undefined }

const isHome = (pathname: string) => pathname === HOME_PATH || pathname === ''

/**
 * The scroll actions of the header, footer and hero (SPEC §2 footer links): on the home page scroll
 * after 100 ms; from another page navigate to / carrying the flag, and scroll once there. 'Pricing'
 * (target faq) then opens the first FAQ item 500 ms later unless it is open already. Every other
 * change of path scrolls to the top.
 */
export const scrollIntentMachine = setup({
  types: {
    context: {} as ScrollIntentContext,
    events: {} as ScrollIntentEvent,
  },
  actions: {
    assignTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'GO')
        return event.target
      },
    }),
    assignTargetFromFlag: assign({
      target: ({ context, event }) => {
        assertEvent(event, 'PATH_CHANGED')
        return event.scrollTo ?? context.target
      },
    }),
    clearTarget: assign({ target: null }),
    scrollToTarget: (_, params: { target: ScrollTarget }) => void scrollToSection(params.target),
    scrollToTop: () => scrollToTop(),
    // Need the router and the pricing FAQ actor: the provider supplies them.
    navigateHome: (_, _params: { target: ScrollTarget }) => {},
    openFirstFaqItem: () => {},
  },
  guards: {
    isOnHomePage: ({ event }) => {
      assertEvent(event, 'GO')
      return isHome(event.pathname)
    },
    arrivedHome: ({ event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return isHome(event.pathname)
    },
    arrivedHomeWithFlag: ({ event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return isHome(event.pathname) && event.scrollTo !== undefined
    },
    targetIsFaq: ({ context }) => context.target === 'faq',
    /** Provided by the owner of the pricing FAQ actor. */
    isFirstFaqItemOpen: () => false,
  },
  delays: {
    scrollDelay: SCROLL_DELAY_MS,
    faqExpandDelay: FAQ_EXPAND_DELAY_MS,
  },
}).createMachine({
  id: 'scrollIntent',
  context: { target: null },
  initial: 'idle',
  on: {
    // A new request replaces whatever was pending.
    GO: [
      { guard: 'isOnHomePage', target: '.scrolling', reenter: true, actions: 'assignTarget' },
      { target: '.navigating', reenter: true, actions: 'assignTarget' },
    ],
  },
  states: {
    idle: {
      entry: 'clearTarget',
      on: {
        PATH_CHANGED: [
          // Someone navigated to / with the flag (a link or history entry carrying it): scroll there.
          { guard: 'arrivedHomeWithFlag', target: 'scrolling', actions: 'assignTargetFromFlag' },
          // Every other change of path starts the new page at its top.
          { actions: 'scrollToTop' },
        ],
      },
    },
    navigating: {
      entry: { type: 'navigateHome', params: ({ context }) => ({ target: context.target ?? 'services' }) },
      on: {
        // The home page is rendered: it performs the scroll (no jump to the top in between).
        PATH_CHANGED: [
          { guard: 'arrivedHome', target: 'scrolling', actions: 'assignTargetFromFlag' },
          // The visitor went somewhere else meanwhile: drop the intent.
          { target: 'idle', actions: 'scrollToTop' },
        ],
      },
    },
    scrolling: {
      after: {
        scrollDelay: [
          {
            guard: 'targetIsFaq',
            target: 'expandingFaq',
            actions: { type: 'scrollToTarget', params: ({ context }) => ({ target: context.target ?? 'faq' }) },
          },
          {
            target: 'idle',
            actions: { type: 'scrollToTarget', params: ({ context }) => ({ target: context.target ?? 'services' }) },
          },
        ],
      },
      on: {
        PATH_CHANGED: { target: 'idle', actions: 'scrollToTop' },
      },
    },
    expandingFaq: {
      after: {
        faqExpandDelay: [
          // Already open: leave it open (the accordion would close it on a toggle).
          { guard: 'isFirstFaqItemOpen', target: 'idle' },
          { target: 'idle', actions: 'openFirstFaqItem' },
        ],
      },
      on: {
        PATH_CHANGED: { target: 'idle', actions: 'scrollToTop' },
      },
    },
  },
})
