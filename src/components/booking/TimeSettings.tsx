import { useCombobox } from 'downshift'
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { deferredModule } from '../../boot/deferredModule'
import { timeSettingsCopy as copy } from '../../content/booking'
import { describeTimeZone, nowInstant } from '../../lib/time/format'
import { matchZones, zoneOption, zoneOptions, type ZoneOption } from '../../lib/time/timeZones'
import { focusRing } from '../sections/ui'

/**
 * The countries each zone serves, for the search ('India', 'NZ'): a table of its own, loaded once the form has
 * drawn or at the first focus on the box, so the slots do not wait for it (docs/performance.md#the-zone-list-behind-the-slots).
 */
const zoneCountries = deferredModule(() => import('../../lib/time/zoneCountries'))

export interface TimeSettingsProps {
  timeZone: string
  hour24: boolean
  /** Whether the machine takes a new zone or clock now (not while booking). */
  enabled: boolean
  onTimeZone: (timeZone: string) => void
  onHour24: (hour24: boolean) => void
}

/**
 * Under the picker: the zone the times are in, as a 'Time zone' combobox (the ARIA pattern, by
 * downshift) searching every IANA zone by place, country or offset, and the '24-hour' switch beside it.
 * It behaves as comboboxes people know: focus selects the name, typing replaces it, Enter takes the
 * highlighted (first) match, Escape puts the zone in use back.
 */
export function TimeSettings({ timeZone, hour24, enabled, onTimeZone, onHour24 }: TimeSettingsProps) {
  const hintId = useId()
  const now = useMemo(() => nowInstant(), [])
  const countriesOf = useSyncExternalStore(zoneCountries.subscribe, zoneCountries.current, zoneCountries.serverValue)?.getCountriesForTimezone
  useEffect(() => zoneCountries.loadWhenIdle(), [])
  const current = useMemo(() => zoneOption(timeZone, now, countriesOf), [timeZone, now, countriesOf])
  const described = useMemo(() => describeTimeZone(timeZone, now), [timeZone, now])
  // View-only: the text typed into the box, and whether the full list has been wanted yet (its
  // offsets are worked out once, on first use). The zone itself is the machine's.
  const [query, setQuery] = useState(current.name)
  const [listWanted, setListWanted] = useState(false)
  const all = useMemo(() => (listWanted ? zoneOptions(timeZone, now, countriesOf) : [current]), [listWanted, timeZone, now, current, countriesOf])
  const items = useMemo(() => (query === current.name ? all : matchZones(all, query)), [all, query, current.name])

  const combobox = useCombobox<ZoneOption>({
    items,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.id,
    selectedItem: current,
    inputValue: query,
    // The first match is highlighted as the visitor types, so Enter picks it.
    defaultHighlightedIndex: 0,
    stateReducer: (_, { type, changes }) =>
      // Escape closes the list and puts the zone in use back in the box; a second one does not empty it.
      type === useCombobox.stateChangeTypes.InputKeyDownEscape ? { ...changes, isOpen: false, selectedItem: current, inputValue: current.name } : changes,
    onInputValueChange: ({ inputValue }) => setQuery(inputValue),
    onIsOpenChange: ({ isOpen }) => {
      if (isOpen) setListWanted(true)
      // Closed without a choice: the box shows the zone in use again.
      else setQuery(current.name)
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && selectedItem.id !== timeZone) onTimeZone(selectedItem.id)
      if (selectedItem) setQuery(selectedItem.name)
    },
  })

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <label {...combobox.getLabelProps()} className="block text-xs font-medium text-slate-300">
            {copy.zoneLabel}
          </label>
          <div className="mt-1 flex">
            <input
              {...combobox.getInputProps({
                onFocus: (e) => {
                  zoneCountries.load()
                  setListWanted(true)
                  e.currentTarget.select()
                },
                // A click or tap on the zone in use selects its whole name (after the browser has placed its
                // caret), as Tab does: typing then replaces it. Text being typed is left to the caret.
                onClick: (e) => {
                  if (e.currentTarget.value === current.name) e.currentTarget.select()
                },
                // The text is the view's own state, set in the key's own event: downshift reports a change only
                // after the render, and a box that is drawn in between would lose the keys typed meanwhile.
                onChange: (e) => setQuery(e.currentTarget.value),
                disabled: !enabled,
                'aria-describedby': hintId,
              })}
              className={`min-h-10 w-full min-w-0 rounded-l-lg border border-r-0 border-white/15 bg-slate-950/60 px-3 py-2 text-sm text-white placeholder:text-slate-400 disabled:opacity-60 ${focusRing}`}
            />
            <button
              type="button"
              {...combobox.getToggleButtonProps({ disabled: !enabled })}
              aria-label={`${copy.zoneLabel} list`}
              className={`rounded-r-lg border border-white/15 bg-white/5 px-2.5 text-slate-200 hover:bg-white/10 disabled:opacity-60 ${focusRing}`}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
              </svg>
            </button>
          </div>
          <ul
            {...combobox.getMenuProps()}
            className={`absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto overscroll-contain rounded-lg border border-white/15 bg-slate-900 py-1 shadow-xl shadow-black/50 ${
              combobox.isOpen ? '' : 'hidden'
            }`}
          >
            {combobox.isOpen && items.length === 0 ? <li className="px-3 py-2 text-sm text-slate-400">{copy.noZone}</li> : null}
            {combobox.isOpen
              ? items.map((item, index) => (
                  <li
                    key={item.id}
                    {...combobox.getItemProps({ item, index })}
                    className={`flex cursor-pointer justify-between gap-3 px-3 py-1.5 text-sm ${
                      combobox.highlightedIndex === index ? 'bg-sky-400/20 text-white' : 'text-slate-200'
                    } ${item.id === timeZone ? 'font-semibold' : ''}`}
                  >
                    <span className="truncate">{item.name}</span>
                    <span className="shrink-0 text-xs text-slate-400 tabular-nums">{item.offset}</span>
                  </li>
                ))
              : null}
          </ul>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={hour24}
          disabled={!enabled}
          onClick={() => onHour24(!hour24)}
          className={`inline-flex min-h-10 items-center gap-2 rounded-lg px-1 text-sm text-slate-200 disabled:opacity-60 ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className={`relative inline-flex h-5 w-9 shrink-0 rounded-full border transition ${hour24 ? 'border-sky-300 bg-sky-400' : 'border-white/25 bg-white/10'}`}
          >
            <span className={`absolute top-0.5 size-3.5 rounded-full bg-white shadow transition-all ${hour24 ? 'left-4.5' : 'left-0.5'}`} />
          </span>
          {copy.clockLabel}
        </button>
      </div>
      <p id={hintId} className="text-xs text-slate-300">
        {copy.timesIn} {described}
      </p>
    </div>
  )
}
