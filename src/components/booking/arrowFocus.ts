import type { KeyboardEvent } from 'react'

/** The keys a group of buttons with one Tab stop answers, and where each moves (`columns`: buttons in a row). */
const MOVES: Record<string, (columns: number, at: number, last: number) => number> = {
  ArrowRight: (_, at) => at + 1,
  ArrowLeft: (_, at) => at - 1,
  ArrowDown: (columns, at) => at + columns,
  ArrowUp: (columns, at) => at - columns,
  Home: () => 0,
  End: (_, __, last) => last,
}

/**
 * Arrow keys, Home and End move the focus among the buttons of a grid that keeps one Tab stop (the keyboard passes
 * it in one press); Enter or Space chooses, as on any button. A grid of one row (the day row) takes no Up or Down.
 * View-only: the machine hears of a choice only.
 */
export function moveFocusByArrows(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key]
  if (!move) return
  const buttons = [...event.currentTarget.querySelectorAll('button')]
  const at = buttons.indexOf(event.target as HTMLButtonElement)
  if (at < 0) return
  const columns = getComputedStyle(event.currentTarget).gridTemplateColumns.split(' ').length
  if (columns >= buttons.length && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) return
  const next = buttons[Math.min(Math.max(move(columns, at, buttons.length - 1), 0), buttons.length - 1)]
  event.preventDefault()
  next?.focus()
}
