import { useCombobox } from 'downshift'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { timeSettingsCopy as copy } from '../../content/booking'
import { formatTimeAtOffset, nowInstant } from '../../lib/time/format'
import { matchZones, zoneOption, zoneOptions, type ZoneOption } from '../../lib/time/timeZones'

export interface ZoneSearchProps {
  timeZone: string
  /** When the zones' offsets are worked out (the form's own moment). */
  now: string
  /** The clock the slots are shown on: each zone's time of day in the list is on it too. */
  hour24: boolean
  enabled: boolean
  onTimeZone: (timeZone: string) => void
  /** The ids the label and the hint under the box are drawn with (TimeSettings.tsx). */
  inputId: string
  labelId: string
  describedBy: string
  /** The box's and its list button's classes and the button's icon: the same as the box drawn before this loaded. */
  looks: { box: string; toggle: string; toggleIcon: ReactNode }
}

/**
 * The 'Time zone' combobox (the ARIA pattern, by downshift), searching every zone by city, country, common name,
 * abbreviation or offset (timeZones.ts, with @vvo/tzdb's table), each option with its offset and its time of day now;
 * in this file with downshift, so the slots wait for neither (docs/performance.md#the-zone-search-after-the-slots).
 * It behaves as comboboxes people know: focus selects the name, typing replaces it, Enter takes the highlighted (first)
 * match, Escape closes the list and puts the zone in use back, and an Escape with the list closed is the dialog's.
 */
export function ZoneSearch({ timeZone, now, hour24, enabled, onTimeZone, inputId, labelId, describedBy, looks }: ZoneSearchProps) {
  const current = useMemo(() => zoneOption(timeZone, now), [timeZone, now])
  // View-only: the text typed into the box, whether the full list has been wanted yet (its offsets are worked out
  // once, on first use), and when it last opened (the moment its times of day are shown at). The zone is the machine's.
  const [query, setQuery] = useState(current.name)
  const [listWanted, setListWanted] = useState(false)
  const [openedAt, setOpenedAt] = useState(now)
  const all = useMemo(() => (listWanted ? zoneOptions(timeZone, now) : [current]), [listWanted, timeZone, now, current])
  const items = useMemo(() => (query === current.name ? all : matchZones(all, query)), [all, query, current.name])

  const combobox = useCombobox<ZoneOption>({
    items,
    inputId,
    labelId,
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
      if (isOpen) {
        setListWanted(true)
        setOpenedAt(nowInstant())
      }
      // Closed without a choice: the box shows the zone in use again.
      else setQuery(current.name)
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && selectedItem.id !== timeZone) onTimeZone(selectedItem.id)
      if (selectedItem) setQuery(selectedItem.name)
    },
  })

  // The open list in view whole: in the dialog, whose edge would cut it, the dialog scrolls (the box stays in view
  // above it); on the page, the page does.
  const menu = combobox.getMenuProps()
  useEffect(() => {
    if (combobox.isOpen) document.getElementById(menu.id)?.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  }, [combobox.isOpen, menu.id])

  return (
    <>
      <div className="mt-1 flex">
        <input
          {...combobox.getInputProps({
            onFocus: (e) => {
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
            // With the list closed, Escape is not the box's: downshift would keep it (and the dialog open).
            onKeyDown: (e) => {
              if (e.key === 'Escape' && !combobox.isOpen) Object.assign(e.nativeEvent, { preventDownshiftDefault: true })
            },
            disabled: !enabled,
            'aria-describedby': describedBy,
          })}
          className={looks.box}
        />
        <button type="button" {...combobox.getToggleButtonProps({ disabled: !enabled })} aria-label={`${copy.zoneLabel} list`} className={looks.toggle}>
          {looks.toggleIcon}
        </button>
      </div>
      <ul
        {...menu}
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
                }`}
              >
                <span className="min-w-0">
                  <span className={`block truncate ${item.id === timeZone ? 'font-semibold' : ''}`}>{item.name}</span>
                  {item.about ? <span className="block truncate text-xs text-slate-400">{item.about}</span> : null}
                </span>
                <span className="flex shrink-0 flex-col items-end text-xs tabular-nums">
                  <span>{formatTimeAtOffset(openedAt, item.offset, hour24)}</span>
                  <span className="text-slate-400">{item.offset}</span>
                </span>
              </li>
            ))
          : null}
      </ul>
    </>
  )
}
