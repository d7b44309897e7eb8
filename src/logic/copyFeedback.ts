import { fromPromise } from 'xstate'
import { copyFeedbackMachine } from '../../machines/copyFeedback'

export const copyFeedbackLogic = copyFeedbackMachine.provide({
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('The clipboard is not available.')
      await navigator.clipboard.writeText(input.text)
    }),
  },
})
