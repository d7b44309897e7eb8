import { dayRowCopy as copy } from '../../content/booking'
import { formatShortDay } from '../../lib/time/format'
import type { RowDay } from '../../../machines/slots'
import { focusRing } from '../sections/ui'
import { moveFocusByArrows } from './arrowFocus'

export interface DayRowProps {
  row: readonly RowDay[]
  /** Whether the machine takes a day now (not while the week loads). */
  enabled: boolean
  onChoose: (day: string) => void
}

const countText = (count: number | null) => (count === null ? copy.loading : count === 0 ? copy.none : `${count} ${copy.unit(count)}`)

/**
 * The seven days of the loaded window: each a toggle button with its number of free times
 * in its name ('Thu 5 Mar, 3 times'), the selected day pressed. Not a list, so the slot
 * grid stays the only list of the time group. The name begins with the words the chip shows, in
 * their order (WCAG 2.5.3, label in name): a visitor who says "click Thu 5 Mar" to voice control
 * reaches it; the marks for none and loading are punctuation, which that rule leaves out.
 */
export function DayRow({ row, enabled, onChoose }: DayRowProps) {
  // One Tab stop for the row, as for the times: the selected day, else the first; arrows move along it.
  const stop = Math.max(0, row.findIndex((d) => d.selected))
  return (
    <div role="group" aria-label={copy.label} className="grid grid-cols-7 gap-1 sm:gap-1.5" onKeyDown={moveFocusByArrows}>
      {row.map(({ day, count, selected }, index) => {
        const { weekday, date } = formatShortDay(day)
        return (
          <button
            key={day}
            type="button"
            tabIndex={index === stop ? 0 : -1}
            aria-pressed={selected}
            aria-label={`${weekday} ${date}, ${countText(count)}`}
            aria-disabled={!enabled || undefined}
            onClick={() => {
              if (enabled && !selected) onChoose(day)
            }}
            className={`flex min-h-14 flex-col items-center justify-center rounded-lg border px-0.5 py-1.5 text-xs leading-tight transition ${focusRing} ${
              selected
                ? 'border-sky-300 bg-sky-400 text-slate-950'
                : count === 0
                  ? 'border-white/10 bg-transparent text-slate-400 hover:border-white/25'
                  : 'border-white/15 bg-white/5 text-slate-100 hover:border-sky-300/60 hover:bg-sky-400/10'
            }`}
          >
            {/* The spaces between the lines: the chip's text as a checker reads it, 'Wed 2 Dec 15 times', not 'Wed2 Dec15times'. */}
            <span className="font-semibold">{weekday}</span>{' '}
            <span className="tabular-nums">{date}</span>{' '}
            {/* The count and its word on two lines: 'times' beside '32' does not fit a phone's seventh of a row. */}
            <span aria-hidden="true" className={`mt-0.5 flex flex-col text-[0.6875rem] tabular-nums ${selected ? 'text-slate-800' : 'text-slate-400'}`}>
              <span>{count === null ? '…' : count === 0 ? '–' : count}</span>{' '}
              {count ? <span>{copy.unit(count)}</span> : null}
            </span>
          </button>
        )
      })}
    </div>
  )
}
