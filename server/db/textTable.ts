/** Columns of text for the terminal (`npm run bookings`, `npm run leads`): aligned, and safe to print. */

// No control characters (escape sequences) from stored text reach the screen.
// eslint-disable-next-line no-control-regex
export const terminalSafe = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')

/**
 * The lines of a table's head (the header and a rule of dashes) and a writer of its rows, each column as wide as its
 * widest cell, two spaces apart; the columns of `right` are aligned right (numbers).
 */
export function columns(header: readonly string[], rows: readonly (readonly string[])[], right: readonly number[] = []) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((cells) => (cells[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (right.includes(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd()
  return { head: [line(header), line(widths.map((w) => '-'.repeat(w)))], line }
}
