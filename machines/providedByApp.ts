/**
 * Machines hold no DOM, storage or network code (docs/design.md#layers): an effect on the page is declared in the
 * machine's `setup` with this stand-in, and the app provides the real one with `machine.provide()`
 * (src/logic/), as tests provide fakes. Forgetting to provide it fails loudly on first use.
 */
export function providedByApp(name: string): never {
  throw new Error(`${name} is provided by the app (src/logic/), or by a test's fake`)
}
