import { moveFocusByArrows } from './arrowFocus'
import { noTimesCopy, slotGridCopy } from '../../content/booking'
import { focusRing } from '../sections/ui'
import { SKELETON_SLOTS, smallButton } from './styles'

export type SlotsView =
  | { status: 'loading' }
  /** The week is empty: looking ahead for the next free day. */
  | { status: 'searching' }
  /** The week is empty: the next free day by name, if there is one. */
  | { status: 'noTimesThisWeek'; nextFree: string | null }
  | { status: 'empty' }
  | { status: 'failed' }
  | { status: 'loaded'; slots: ReadonlyArray<{ time: string; label: string }> }

export interface SlotGridProps {
  view: SlotsView
  selected: string | null
  readOnly: boolean
  onChoose: (time: string) => void
  onRetry: () => void
  onNextFree: () => void
}

const grid = 'grid grid-cols-4 gap-2 sm:grid-cols-5'

/** The day's slots as toggle buttons (aria-pressed) with one Tab stop and arrow keys, with skeleton, empty and failure views. */
export function SlotGrid({ view, selected, readOnly, onChoose, onRetry, onNextFree }: SlotGridProps) {
  switch (view.status) {
    case 'searching':
      return (
        <div role="status" className="rounded-lg border border-dashed border-white/15 px-4 py-6 text-center text-slate-300">
          {noTimesCopy.searching}
        </div>
      )
    case 'noTimesThisWeek':
      return (
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-white/15 px-4 py-6 text-center">
          <p className="font-medium text-slate-100">{noTimesCopy.text(view.nextFree)}</p>
          {view.nextFree ? (
            <button type="button" className={smallButton} onClick={onNextFree}>
              {noTimesCopy.goTo(view.nextFree)}
            </button>
          ) : (
            <p className="text-sm text-slate-300">{slotGridCopy.otherDate}</p>
          )}
        </div>
      )
    case 'loading':
      return (
        <div className={grid} aria-busy="true">
          <span className="sr-only">{slotGridCopy.loading}</span>
          {Array.from({ length: SKELETON_SLOTS }, (_, i) => (
            <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-lg bg-white/10 motion-reduce:animate-none" />
          ))}
        </div>
      )
    case 'empty':
      return (
        <div className="rounded-lg border border-dashed border-white/15 px-4 py-6 text-center">
          <p className="font-medium text-slate-100">{slotGridCopy.empty}</p>
          <p className="mt-1 text-sm text-slate-300">{slotGridCopy.otherDate}</p>
        </div>
      )
    case 'failed':
      return (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-rose-400/30 bg-rose-500/10 px-4 py-5 text-center">
          <p role="alert" className="text-sm text-rose-200">
            {slotGridCopy.failed}
          </p>
          <button type="button" className={smallButton} onClick={onRetry}>
            {slotGridCopy.retry}
          </button>
        </div>
      )
    case 'loaded': {
      // One Tab stop for the whole grid: the chosen time, else the first; arrows move between the times.
      const stop = Math.max(0, view.slots.findIndex((slot) => slot.time === selected))
      return (
        <ul className={grid} onKeyDown={moveFocusByArrows}>
          {view.slots.map((slot, index) => {
            const pressed = slot.time === selected
            return (
              <li key={slot.time}>
                <button
                  type="button"
                  tabIndex={index === stop ? 0 : -1}
                  aria-pressed={pressed}
                  aria-disabled={readOnly || undefined}
                  onClick={() => {
                    if (!readOnly) onChoose(slot.time)
                  }}
                  className={`min-h-10 w-full rounded-lg border px-0.5 py-2 text-[0.8125rem] font-medium whitespace-nowrap tabular-nums transition sm:text-sm ${focusRing} ${
                    pressed
                      ? 'border-sky-300 bg-sky-400 text-slate-950'
                      : 'border-white/15 bg-white/5 text-slate-100 hover:border-sky-300/60 hover:bg-sky-400/10'
                  }`}
                >
                  {slot.label}
                </button>
              </li>
            )
          })}
        </ul>
      )
    }
  }
}
