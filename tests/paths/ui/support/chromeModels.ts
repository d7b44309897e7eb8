/**
 * The model options of the bookingModal, scrollIntent and particleBackground path tests, shared by
 * the machine level (vitest) and the UI level (Playwright). Pure: no Playwright and no vitest here.
 */
import type { EventObject } from 'xstate'
import type { ConfirmedBooking } from '../../../../machines/bookingForm'
import type { BookingModalEvent, FocusReturnTarget } from '../../../../machines/bookingModal'
import type { ParticleBackgroundEvent } from '../../../../machines/particleBackground'
import { HOME_PATH, SCROLL_TARGETS, type ScrollIntentEvent, type ScrollTarget } from '../../../../machines/scrollIntent'
import type { AnySnapshot, ModelOptions } from '../../support/machineModel'
import { VISITOR } from './siteChrome'

/** An event sample, checked against the machine's own event type. */
const sample = <E extends EventObject>(event: E): EventObject => event

export const CONFIRMED: ConfirmedBooking = {
  uid: 'path-booking-1',
  title: 'Quick chat',
  startTime: '2026-03-02T23:00:00Z',
  endTime: '2026-03-02T23:15:00Z',
  ...VISITOR,
  timeZone: 'Pacific/Auckland',
  hour24: false,
}

/** The Book a Call button a visitor pressed. */
export const OPENER: FocusReturnTarget = { focus: () => {} }

export const bookingModalModel: ModelOptions = {
  samples: {
    OPEN: [sample<BookingModalEvent>({ type: 'OPEN', opener: OPENER })],
    BOOKING_CONFIRMED: [sample<BookingModalEvent>({ type: 'BOOKING_CONFIRMED', booking: CONFIRMED })],
  },
  // The form key grows with every open: only whether a booking is kept tells snapshots apart.
  serializeState: (s: AnySnapshot) => JSON.stringify({ value: s.value, booking: s.context.booking !== null }),
}

/** A narrower window than the 1280 x 720 one the machine (and the browser) start with. */
export const RESIZED_VIEWPORT = { width: 800, height: 600 } as const

export const particleBackgroundModel: ModelOptions = {
  samples: {
    MOTION_PREFERENCE: [sample<ParticleBackgroundEvent>({ type: 'MOTION_PREFERENCE', reduce: true }), sample<ParticleBackgroundEvent>({ type: 'MOTION_PREFERENCE', reduce: false })],
    VISIBILITY_CHANGED: [sample<ParticleBackgroundEvent>({ type: 'VISIBILITY_CHANGED', hidden: true }), sample<ParticleBackgroundEvent>({ type: 'VISIBILITY_CHANGED', hidden: false })],
    RESIZED: [sample<ParticleBackgroundEvent>({ type: 'RESIZED', viewport: RESIZED_VIEWPORT })],
  },
  // The sizes themselves are checked in each state; a vertex only needs to know whether one is pending.
  serializeState: (s: AnySnapshot) =>
    JSON.stringify({
      value: s.value,
      tabHidden: s.context.tabHidden,
      sizePending: JSON.stringify(s.context.viewport) !== JSON.stringify(s.context.pendingViewport),
    }),
}

/** The page the scrollIntent paths start on, and the one standing for any page but /. */
export const ELSEWHERE = '/about'

const go = (target: ScrollTarget) => sample<ScrollIntentEvent>({ type: 'GO', target })
const pathChanged = (pathname: string, scrollTo?: ScrollTarget) => sample<ScrollIntentEvent>({ type: 'PATH_CHANGED', pathname, ...(scrollTo ? { scrollTo } : {}) })

/** Arriving on / through a history entry that carries the Pricing flag. */
export const ARRIVED_WITH_FLAG = pathChanged(HOME_PATH, 'faq')

export const scrollIntentModel = {
  input: { pathname: ELSEWHERE },
  samples: {
    GO: SCROLL_TARGETS.map(go),
    PATH_CHANGED: [pathChanged(HOME_PATH), ARRIVED_WITH_FLAG, pathChanged(ELSEWHERE)],
  },
  // Services and process take the same branches: a vertex knows whether the target is the FAQ and
  // whether the visitor is on the home page.
  serializeState: (s: AnySnapshot) =>
    JSON.stringify({
      value: s.value,
      target: s.context.target === null ? null : s.context.target === 'faq' ? 'faq' : 'section',
      home: s.context.pathname === HOME_PATH,
    }),
} satisfies ModelOptions
