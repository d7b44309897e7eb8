/**
 * When the manage page offers 'Join the call' prominently: from JOIN_OPENS_BEFORE_MS before the start until the
 * end. A child of the manage page's machine (spawned with each booking it stores, again when the call moves),
 * its two moments are named delays counted from the clock when each state begins, so a simulated clock drives it.
 */
import { setup, type SnapshotFrom } from 'xstate'

/** The button comes up this long before the start: time to open the link and check sound and camera. */
export const JOIN_OPENS_BEFORE_MS = 10 * 60_000

/** The longest a browser timer waits (about 24.8 days); a longer delay would fire at once. */
const MAX_TIMER_MS = 2_147_483_647

export interface JoinWindowInput {
  /** The call's start and end, ISO instants. */
  startTime: string
  endTime: string
  /** When the page opened (ISO): a moment further than a timer reaches from it gets no timer. */
  now: string
  /** Reads the current instant (epoch ms) when a state begins. */
  clock: () => number
}

export type JoinWindowContext = JoinWindowInput

const opensAt = (context: JoinWindowContext) => Date.parse(context.startTime) - JOIN_OPENS_BEFORE_MS

/** How long until `at` from the clock now: 0 once it has passed, never past what a timer can wait. */
const until = (at: number, context: JoinWindowContext) => Math.min(MAX_TIMER_MS, Math.max(0, at - context.clock()))

export const joinWindowMachine = setup({
  types: { input: {} as JoinWindowInput, context: {} as JoinWindowContext },
  delays: {
    joinOpens: ({ context }) => until(opensAt(context), context),
    callEnds: ({ context }) => until(Date.parse(context.endTime), context),
  },
  guards: {
    /** A call weeks away: no timer (a tab open that long is reloaded before the call). */
    opensInReach: ({ context }) => opensAt(context) - Date.parse(context.now) <= MAX_TIMER_MS,
  },
}).createMachine({
  id: 'joinWindow',
  context: ({ input }) => input,
  initial: 'before',
  states: {
    /** More than ten minutes before the start: the link is there, the button is not yet prominent. */
    before: {
      after: { joinOpens: { guard: 'opensInReach', target: 'open' } },
    },
    /** From ten minutes before the start to the end: 'Join the call' is the page's first action. */
    open: {
      after: { callEnds: 'over' },
    },
    /** The call's time is over. */
    over: {},
  },
})

export type JoinWindowSnapshot = SnapshotFrom<typeof joinWindowMachine>

/** Where the window is; 'before' until the manage page has a booking (no child yet). */
export const joinStatus = (snapshot: JoinWindowSnapshot | undefined): 'before' | 'open' | 'over' => snapshot?.value ?? 'before'
