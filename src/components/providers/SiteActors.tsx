import { useRouter, useRouterState } from '@tanstack/react-router'
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { bookingModalMachine } from '../../../machines/bookingModal'
import type { faqAccordionMachine } from '../../../machines/faqAccordion'
import type { scrollIntentMachine, ScrollTarget } from '../../../machines/scrollIntent'
import { arrivalIntent } from '../../../machines/selectors'
import { useDeferredActor, type DeferredActor } from '../../boot/deferredActor'
import { siteMachines } from '../../logic/deferredSiteMachines'

declare module '@tanstack/history' {
  interface HistoryState {
    /** The scroll-intent flag carried to the home page (docs/design.md#pages footer links). */
    scrollTo?: ScrollTarget
  }
}

export type BookingModalActor = DeferredActor<ActorRefFrom<typeof bookingModalMachine>>
export type ScrollIntentActor = DeferredActor<ActorRefFrom<typeof scrollIntentMachine>>
export type FaqAccordionActor = DeferredActor<ActorRefFrom<typeof faqAccordionMachine>>

interface SiteActors {
  bookingModal: BookingModalActor
  scrollIntent: ScrollIntentActor
  /** The home page's pricing FAQ: the 'Pricing' intent opens its first item. */
  pricingFaq: FaqAccordionActor
}

const SiteActorsContext = createContext<SiteActors | null>(null)

/**
 * The actors several components share (docs/design.md#machines): the booking modal, the scroll intent and the
 * pricing FAQ, created once for the whole site. Also reports every change of path to the scroll
 * intent, which scrolls to the top unless it is carrying the visitor to a home-page section.
 *
 * Their machines are deferred (src/boot/deferredActor.ts): imported when the page is idle, or at the
 * visitor's first press or key, so a press finds them loaded or loading.
 */
export function SiteActorsProvider({ children }: { children: ReactNode }) {
  const router = useRouter()
  // The path at hydration: the machine may start later, and the changes since reach it as queued events.
  const pathname = router.state.resolvedLocation?.pathname ?? router.state.location.pathname
  const pricingFaq = useDeferredActor(siteMachines, (m) => m.createActor(m.faqAccordionMachine))
  const scrollIntent = useDeferredActor(siteMachines, (m) =>
    m.createActor(
      m.scrollIntentLogic.provide({
        actions: {
          navigateHome: (_, { target }) => void router.navigate({ to: '/', state: { scrollTo: target } }),
          openFirstFaqItem: () => pricingFaq.send({ type: 'OPEN_ITEM', index: 0 }),
        },
      }),
      { input: { pathname } },
    ),
  )
  const bookingModal = useDeferredActor(siteMachines, (m) => m.createActor(m.bookingModalLogic))
  useEffect(() => loadOnFirstIntent(siteMachines.load), [])
  // A section link pressed before the app ran was a plain link: the page arrived as /#section. End as its intent would.
  useEffect(() => {
    const target = arrivalIntent(window.location.pathname, window.location.hash)
    if (target) scrollIntent.send({ type: 'GO', target })
  }, [scrollIntent])
  const actors = useMemo(() => ({ bookingModal, scrollIntent, pricingFaq }), [bookingModal, scrollIntent, pricingFaq])
  return (
    <SiteActorsContext.Provider value={actors}>
      <PathChanges scrollIntent={scrollIntent} />
      {children}
    </SiteActorsContext.Provider>
  )
}

function PathChanges({ scrollIntent }: { scrollIntent: ScrollIntentActor }) {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname })
  // The page the visitor loaded is not a change of path, even when the router reports it resolved only
  // after hydration: a visitor who scrolled before the app ran must not be taken back to the top.
  const previous = useRef(pathname ?? router.state.location.pathname)
  // A layout effect: the new page must not paint at the old page's scroll position first.
  useLayoutEffect(() => {
    if (pathname === undefined || pathname === previous.current) return
    previous.current = pathname
    const scrollTo = router.state.resolvedLocation?.state.scrollTo
    scrollIntent.send({ type: 'PATH_CHANGED', pathname, scrollTo })
  }, [pathname, router, scrollIntent])
  return null
}

/** Calls `load` at the visitor's first press or key anywhere on the page; returns what stops listening. */
function loadOnFirstIntent(load: () => void): () => void {
  const intents = ['pointerdown', 'keydown'] as const
  const onIntent = () => {
    stop()
    load()
  }
  const stop = () => intents.forEach((type) => window.removeEventListener(type, onIntent, true))
  intents.forEach((type) => window.addEventListener(type, onIntent, { capture: true, passive: true }))
  return stop
}

function useSiteActors(): SiteActors {
  const actors = useContext(SiteActorsContext)
  if (!actors) throw new Error('Site actors are used outside <SiteActorsProvider>.')
  return actors
}

export function useBookingModalActor(): BookingModalActor {
  return useSiteActors().bookingModal
}

export function usePricingFaqActor(): FaqAccordionActor {
  return useSiteActors().pricingFaq
}

export function useScrollIntentActor(): ScrollIntentActor {
  return useSiteActors().scrollIntent
}
