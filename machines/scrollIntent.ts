import { assertEvent, assign, setup } from 'xstate'
import { providedByApp } from './providedByApp'

/** Home-page sections a scroll intent can aim at (their ids on /). */
export type ScrollTarget = 'services' | 'faq' | 'process'

export const SCROLL_TARGETS: ReadonlyArray<ScrollTarget> = ['services', 'faq', 'process']

export const HOME_PATH = '/'

/** docs/design.md#constants: scroll about 100 ms after the request; open the first pricing FAQ item 500 ms later. */
export const SCROLL_DELAY_MS = 100
export const FAQ_EXPAND_DELAY_MS = 500

export interface ScrollIntentContext {
  /** The section being scrolled to, or null when no intent is pending. */
  target: ScrollTarget | null
  /** Where the visitor is: the path of the page the router last finished rendering. */
  pathname: string
}

export interface ScrollIntentInput {
  /** The path of the page the site starts on. */
  pathname: string
}

export type ScrollIntentEvent =
  /** A control asked for a section. */
  | { type: 'GO'; target: ScrollTarget }
  /** The router finished a change of path; `scrollTo` is the flag carried in the navigation state. */
  | { type: 'PATH_CHANGED'; pathname: string; scrollTo?: ScrollTarget | undefined }

const isHome = (pathname: string) => pathname === HOME_PATH || pathname === ''

/**
 * The scroll actions of the header, footer and hero (docs/design.md#pages footer links): on the home page scroll
 * after 100 ms; from another page navigate to / carrying the flag, and scroll once there. 'Pricing'
 * (target faq) then opens the first FAQ item 500 ms later (opening never closes an item that is open
 * already: OPEN_ITEM of the accordion). Every other change of path scrolls to the top.
 *
 * The machine keeps where the visitor is (the last path the router finished), so a request made while
 * a navigation to / is still loading navigates again with the new flag instead of scrolling a page
 * that is not there yet, and a report of the home page while on it already changes nothing.
 */
export const scrollIntentMachine = setup({
  types: {
    context: {} as ScrollIntentContext,
    events: {} as ScrollIntentEvent,
    input: {} as ScrollIntentInput | undefined,
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
    assignPathname: assign({
      pathname: ({ event }) => {
        assertEvent(event, 'PATH_CHANGED')
        return event.pathname
      },
    }),
    clearTarget: assign({ target: null }),
    scrollToTarget: (_, _params: { target: ScrollTarget }) => providedByApp('scrollToTarget'),
    scrollToTop: () => providedByApp('scrollToTop'),
    navigateHome: (_, _params: { target: ScrollTarget }) => providedByApp('navigateHome'),
    openFirstFaqItem: () => providedByApp('openFirstFaqItem'),
  },
  guards: {
    isOnHomePage: ({ context }) => isHome(context.pathname),
    arrivedHome: ({ context, event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return isHome(event.pathname) && !isHome(context.pathname)
    },
    arrivedHomeWithFlag: ({ context, event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return isHome(event.pathname) && !isHome(context.pathname) && event.scrollTo !== undefined
    },
    leftHome: ({ event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return !isHome(event.pathname)
    },
    /** Any change but from the home page to the home page. */
    isNewPage: ({ context, event }) => {
      assertEvent(event, 'PATH_CHANGED')
      return !(isHome(context.pathname) && isHome(event.pathname))
    },
    targetIsFaq: ({ context }) => context.target === 'faq',
  },
  delays: {
    scrollDelay: SCROLL_DELAY_MS,
    faqExpandDelay: FAQ_EXPAND_DELAY_MS,
  },
}).createMachine({
  id: 'scrollIntent',
  context: ({ input }) => ({ target: null, pathname: input?.pathname ?? HOME_PATH }),
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
          // The visitor came back to / through a history entry carrying the flag: scroll there.
          { guard: 'arrivedHomeWithFlag', target: 'scrolling', actions: ['assignPathname', 'assignTargetFromFlag'] },
          // Every other change of path starts the new page at its top.
          { guard: 'isNewPage', actions: ['assignPathname', 'scrollToTop'] },
        ],
      },
    },
    navigating: {
      entry: { type: 'navigateHome', params: ({ context }) => ({ target: context.target ?? 'services' }) },
      on: {
        PATH_CHANGED: [
          // The home page is rendered: it performs the scroll of this intent (no jump to the top in between).
          { guard: 'arrivedHome', target: 'scrolling', actions: 'assignPathname' },
          // The visitor went somewhere else meanwhile: drop the intent.
          { target: 'idle', actions: ['assignPathname', 'scrollToTop'] },
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
        PATH_CHANGED: { guard: 'leftHome', target: 'idle', actions: ['assignPathname', 'scrollToTop'] },
      },
    },
    expandingFaq: {
      after: {
        faqExpandDelay: { target: 'idle', actions: 'openFirstFaqItem' },
      },
      on: {
        PATH_CHANGED: { guard: 'leftHome', target: 'idle', actions: ['assignPathname', 'scrollToTop'] },
      },
    },
  },
})
