import { dropdownMenuMachine } from '../../machines/dropdownMenu'

export const dropdownMenuLogic = dropdownMenuMachine.provide({
  actions: {
    // The panel is not modal and stays rendered: focus can go back at once.
    returnFocusToButton: ({ context }) => context.button?.focus(),
  },
})
