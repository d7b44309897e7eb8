import { assertEvent, assign, fromCallback, fromPromise, not, setup } from 'xstate'
import { providedByApp } from './providedByApp'

/** docs/design.md#constants: one particle per 15000 square pixels of viewport. */
export const PIXELS_PER_PARTICLE = 15000
export const LINK_DISTANCE = 150
export const RESIZE_SETTLE_MS = 250

export interface ViewportSize {
  width: number
  height: number
}

/** What the page reports: motion preference, tab visibility, viewport size. */
export type EnvironmentSignal =
  | { type: 'MOTION_PREFERENCE'; reduce: boolean }
  | { type: 'VISIBILITY_CHANGED'; hidden: boolean }
  | { type: 'RESIZED'; viewport: ViewportSize }

export function particleCount({ width, height }: ViewportSize): number {
  return Math.max(1, Math.round((width * height) / PIXELS_PER_PARTICLE))
}

export interface ParticleBackgroundContext {
  /** The viewport the particle count was computed for. */
  viewport: ViewportSize
  /** The latest viewport while a resize settles. */
  pendingViewport: ViewportSize
  count: number
  /** Whether the background is out of sight: the tab hidden, or a modal dialog over the page (the animation pauses). */
  tabHidden: boolean
}

export type ParticleBackgroundEvent = EnvironmentSignal

const initialViewport: ViewportSize = { width: 1280, height: 720 }

/**
 * The decorative particle background (docs/design.md#product, docs/design.md#constants): never loaded under prefers-reduced-motion; loaded
 * only after the page has loaded and the browser is idle; paused while the tab is hidden; the particle
 * count follows the viewport once a resize settles.
 *
 * While shown, two regions: the animation (playing, or paused while the tab is hidden) and the size
 * (steady, or settling for 250 ms after the last resize). Every state the visitor can be in is a
 * state node, so each is reached and checked by the path tests (no raised events or eventless
 * transitions that a walk of the graph cannot see).
 */
export const particleBackgroundMachine = setup({
  types: {
    context: {} as ParticleBackgroundContext,
    events: {} as ParticleBackgroundEvent,
  },
  actors: {
    /** Reports the current signals at once, then every change. */
    pageEnvironment: fromCallback<ParticleBackgroundEvent>(() => providedByApp('pageEnvironment')),
    /** Settles once the page has loaded and the browser is idle. */
    afterFirstPaint: fromPromise<void>(() => providedByApp('afterFirstPaint')),
  },
  actions: {
    assignPendingViewport: assign({
      pendingViewport: ({ event }) => {
        assertEvent(event, 'RESIZED')
        return event.viewport
      },
    }),
    assignTabHidden: assign({
      tabHidden: ({ event }) => {
        assertEvent(event, 'VISIBILITY_CHANGED')
        return event.hidden
      },
    }),
    applyViewportNow: assign(({ event }) => {
      assertEvent(event, 'RESIZED')
      return { viewport: event.viewport, pendingViewport: event.viewport, count: particleCount(event.viewport) }
    }),
    applyViewport: assign({
      viewport: ({ context }) => context.pendingViewport,
      count: ({ context }) => particleCount(context.pendingViewport),
    }),
  },
  guards: {
    reducesMotion: ({ event }) => {
      assertEvent(event, 'MOTION_PREFERENCE')
      return event.reduce
    },
    tabIsHidden: ({ context }) => context.tabHidden,
    /** Only a change is news: the first report of a visible tab changes nothing. */
    visibilityChanged: ({ context, event }) => {
      assertEvent(event, 'VISIBILITY_CHANGED')
      return event.hidden !== context.tabHidden
    },
  },
  delays: {
    resizeSettle: RESIZE_SETTLE_MS,
  },
}).createMachine({
  id: 'particleBackground',
  context: { viewport: initialViewport, pendingViewport: initialViewport, count: particleCount(initialViewport), tabHidden: false },
  invoke: { id: 'pageEnvironment', src: 'pageEnvironment' },
  initial: 'undecided',
  on: {
    // Nothing is drawn yet: take the size at once.
    RESIZED: { actions: 'applyViewportNow' },
    VISIBILITY_CHANGED: { guard: 'visibilityChanged', actions: 'assignTabHidden' },
  },
  states: {
    // Waiting for the first report of the motion preference.
    undecided: {
      on: {
        MOTION_PREFERENCE: [{ guard: 'reducesMotion', target: 'off' }, { target: 'waitingForIdle' }],
      },
    },
    off: {
      on: {
        // The visitor turned reduced motion off.
        MOTION_PREFERENCE: { guard: not('reducesMotion'), target: 'waitingForIdle' },
      },
    },
    waitingForIdle: {
      invoke: {
        id: 'afterFirstPaint',
        src: 'afterFirstPaint',
        onDone: [
          // The browser can be idle in a background tab: start paused.
          { guard: 'tabIsHidden', target: '#particleBackground.shown.animation.paused' },
          { target: 'shown' },
        ],
      },
      on: {
        MOTION_PREFERENCE: { guard: 'reducesMotion', target: 'off' },
      },
    },
    shown: {
      type: 'parallel',
      // A resize that had not settled when the background was turned off counts now.
      entry: 'applyViewport',
      on: {
        MOTION_PREFERENCE: { guard: 'reducesMotion', target: 'off' },
      },
      states: {
        animation: {
          initial: 'playing',
          states: {
            playing: {
              on: { VISIBILITY_CHANGED: { guard: 'visibilityChanged', target: 'paused', actions: 'assignTabHidden' } },
            },
            paused: {
              on: { VISIBILITY_CHANGED: { guard: 'visibilityChanged', target: 'playing', actions: 'assignTabHidden' } },
            },
          },
        },
        // Drawn: recount once the resize settles, not on every frame of a drag.
        size: {
          initial: 'steady',
          states: {
            steady: {
              on: { RESIZED: { target: 'settling', actions: 'assignPendingViewport' } },
            },
            settling: {
              after: { resizeSettle: { target: 'steady', actions: 'applyViewport' } },
              on: { RESIZED: { target: 'settling', reenter: true, actions: 'assignPendingViewport' } },
            },
          },
        },
      },
    },
  },
})
