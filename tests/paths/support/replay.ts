/**
 * The one command that reruns exactly one path at its level, printed when the path fails: the paths are
 * many, their names long, and a filter by hand easily catches a second path whose name ends the same.
 */
import { relative } from 'node:path'

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A path at the machine level: vitest matches the describe and test names, joined by a space. */
export function machineReplay(testFile: string, describeName: string, title: string): string {
  const file = relative(process.cwd(), testFile)
  return `npx vitest run --config vitest.paths.config.ts ${file} -t ${shellQuote(`^${escapeRegExp(`${describeName} ${title}`)}$`)}`
}

/**
 * A path at the UI level: Playwright's --grep matches the title path (project, file, describes, test) joined
 * by spaces. No file is named: the tests are declared in this folder's uiLevel.ts, and the describe's name,
 * which starts with the machine's, is unique.
 */
export function uiReplay(describeName: string, title: string): string {
  const all = process.env.PATHS_UI_ALL === '1' ? 'PATHS_UI_ALL=1 ' : ''
  return `${all}npx playwright test -c playwright.paths.config.ts -g ${shellQuote(`${escapeRegExp(`${describeName} ${title}`)}$`)}`
}

/** Adds the command to the failure, so the report shows it beside the error. */
export function withReplay(error: unknown, command: string): unknown {
  if (error instanceof Error) error.message = `${error.message}\n\nRerun this path alone:\n  ${command}`
  return error
}
