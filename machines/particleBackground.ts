import { assertEvent, assign, cancel, fromCallback, fromPromise, raise, setup } from 'xstate'
import { afterFirstPaint, watchPageEnvironment, type EnvironmentSignal, type ViewportSize } from '../src/lib/pageEnvironment'

/** SPEC §9: one particle per 15000 square pixels of viewport. */
export const PIXELS_PER_PARTICLE = 15000
export const LINK_DISTANCE = 150
export const RESIZE_SETTLE_MS = 250

export function particleCount({ width, height }: ViewportSize): number {
  return Math.max(1, Math.round((width * height) / PIXELS_PER_PARTICLE))
}

export interface ParticleBackgroundContext {
  /** The viewport the particle count was computed for. */
  viewport: ViewportSize
  /** The latest viewport while a resize settles. */
  pendingViewport: ViewportSize
  count: number
  /** Whether the tab is hidden (the animation pauses). */
  tabHidden: boolean
}

export type ParticleBackgroundEvent = EnvironmentSignal | { type: 'RESIZE_SETTLED' }

const initialViewport: ViewportSize = { width: 1280, height: 720 }

/**
 * The decorative particle background (SPEC §1, §9): never loaded under prefers-reduced-motion; loaded
 * only after the page has loaded and the browser is idle; paused while the tab is hidden; the particle
 * count follows the viewport once a resize settles.
 */
export const particleBackgroundMachine = setup({
  types: {
    context: {} as ParticleBackgroundContext,
    events: {} as ParticleBackgroundEvent,
  },
  actors: {
    pageEnvironment: fromCallback<ParticleBackgroundEvent>(({ sendBack }) => watchPageEnvironment(sendBack)),
    afterFirstPaint: fromPromise(() => afterFirstPaint()),
  },
  actions: {
    assignPendingViewport: assign({
      pendingViewport: ({ event }) => {
        assertEvent(event, 'RESIZED')
        return event.viewport
      },
    }),
    settleLater: raise({ type: 'RESIZE_SETTLED' }, { id: 'resizeSettle', delay: 'resizeSettle' }),
    cancelSettle: cancel('resizeSettle'),
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
    tabIsVisible: ({ context }) => !context.tabHidden,
  },
  delays: {
    resizeSettle: RESIZE_SETTLE_MS,
  },
}).createMachine({
  id: 'particleBackground',
  context: { viewport: initialViewport, pendingViewport: initialViewport, count: particleCount(initialViewport), tabHidden: false },
  invoke: { src: 'pageEnvironment' },
  initial: 'undecided',
  on: {
    // Nothing is drawn yet: take the size at once.
    RESIZED: { actions: 'applyViewportNow' },
    RESIZE_SETTLED: { actions: 'applyViewport' },
    VISIBILITY_CHANGED: { actions: 'assignTabHidden' },
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
        MOTION_PREFERENCE: [{ guard: 'reducesMotion' }, { target: 'waitingForIdle' }],
      },
    },
    waitingForIdle: {
      invoke: { src: 'afterFirstPaint', onDone: 'shown' },
      on: {
        MOTION_PREFERENCE: { guard: 'reducesMotion', target: 'off' },
      },
    },
    shown: {
      initial: 'playing',
      on: {
        MOTION_PREFERENCE: { guard: 'reducesMotion', target: 'off' },
        // Drawn: recount once the resize settles, not on every frame of a drag.
        RESIZED: { actions: ['assignPendingViewport', 'cancelSettle', 'settleLater'] },
      },
      states: {
        playing: {
          always: { guard: 'tabIsHidden', target: 'paused' },
        },
        paused: {
          always: { guard: 'tabIsVisible', target: 'playing' },
        },
      },
    },
  },
})
