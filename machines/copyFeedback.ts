import { fromPromise, setup } from 'xstate'
import { providedByApp } from './providedByApp'

/**
 * The /docs Copy button: writes a code sample to the clipboard, confirms with 'Copied!' and
 * returns to 'Copy' after a named delay. A failed write says so, then also returns to 'Copy'.
 */
export type CopyFeedbackEvent = { type: 'COPY' }

export interface CopyFeedbackInput {
  /** The text the button copies. */
  text: string
}

export interface CopyFeedbackContext {
  text: string
}


/** How long 'Copied!' (or the failure note) stays before the button reads 'Copy' again. */
export const COPY_CONFIRMATION_MS = 2000

export const copyFeedbackMachine = setup({
  types: {
    context: {} as CopyFeedbackContext,
    events: {} as CopyFeedbackEvent,
    input: {} as CopyFeedbackInput,
  },
  actors: {
    /** Writes `text` to the clipboard. */
    writeClipboard: fromPromise<void, { text: string }>(() => providedByApp('writeClipboard')),
  },
  delays: { confirmationDelay: COPY_CONFIRMATION_MS },
}).createMachine({
  id: 'copyFeedback',
  context: ({ input }) => ({ text: input.text }),
  initial: 'idle',
  states: {
    idle: {
      on: { COPY: 'copying' },
    },
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.text }),
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {
      after: { confirmationDelay: 'idle' },
      // Copying again restarts the confirmation.
      on: { COPY: 'copying' },
    },
    failed: {
      after: { confirmationDelay: 'idle' },
      on: { COPY: 'copying' },
    },
  },
})
