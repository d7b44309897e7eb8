import { setup } from 'xstate'
import { DESK_TEXTS, type DeskView } from '../core/deskWire'

export interface DeskBoardInput {
  view: DeskView
  clock: () => number
}

export const deskMachine = setup({
  types: { input: {} as DeskBoardInput, context: {} as { view: DeskView }, output: {} as { sentence: string } },
}).createMachine({
  id: 'desk',
  context: ({ input }) => ({ view: input.view }),
  output: ({ event }) => event.output as { sentence: string },
  initial: 'open',
  states: { open: { on: { SIGN_OUT: 'done' } }, done: { type: 'final', output: { sentence: DESK_TEXTS.signedOut } } },
})
