import { useEffect, useRef } from 'react'
import { resourcesMenu } from '../../content/nav'
import { NavItemLink } from '../nav/NavItemLink'
import { focusRing } from '../sections/ui'
import { ArrowRightIcon, ChevronDownIcon } from './icons'
import { useResourcesMenu } from './useResourcesMenu'

const panelId = 'resources-menu'
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/**
 * The header's 'Resources' disclosure (docs/design.md#pages): a 'Getting Started' feature card and the 'Learning
 * Center' links. Keyboard: Enter/Space toggles, Escape closes and returns focus to the button, Tab
 * out of it closes it; a click outside closes it.
 */
export function ResourcesMenu({ linkClassName }: { linkClassName: string }) {
  const rootRef = useRef<HTMLLIElement>(null)
  const { open, events: menu } = useResourcesMenu()
  const select = menu.selectItem

  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Node && rootRef.current?.contains(e.target))) menu.clickOutside()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, menu])

  return (
    <li
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          menu.pressEscape()
        }
      }}
      onBlur={(e) => {
        // Only a move of focus to somewhere else on the page; a click on the panel's text is not one.
        const next = e.relatedTarget
        if (open && next instanceof Node && !e.currentTarget.contains(next)) menu.leaveWithFocus()
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={`${linkClassName} inline-flex items-center gap-1`}
        onClick={(e) => menu.toggle(e.currentTarget)}
      >
        {resourcesMenu.label}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-1/2 top-full z-30 mt-3 w-[36rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-2xl border border-white/10 bg-slate-900 p-3 shadow-2xl shadow-black/60"
      >
        <div className="grid grid-cols-[1.1fr_1fr] gap-3">
          <NavItemLink
            item={resourcesMenu.featured}
            onSelect={select}
            describedBy="resources-featured-description"
            className={`group flex flex-col justify-between rounded-xl bg-gradient-to-br from-sky-500/20 via-indigo-500/15 to-transparent p-5 ring-1 ring-white/10 transition hover:ring-sky-400/50 ${focusRing}`}
          >
            <span>
              <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wider text-sky-300">Start here</span>
              <span className="mt-2 block text-lg font-semibold text-white">{resourcesMenu.featured.label}</span>
              <span id="resources-featured-description" aria-hidden="true" className="mt-2 block text-sm leading-relaxed text-slate-300">{resourcesMenu.featured.description}</span>
            </span>
            <span aria-hidden="true" className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-sky-300 group-hover:gap-2 motion-safe:transition-all">
              Browse resources <ArrowRightIcon />
            </span>
          </NavItemLink>
          <div className="p-2">
            <p id="learning-center-heading" className="px-3 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-400">
              {resourcesMenu.learningCenter.heading}
            </p>
            <ul aria-labelledby="learning-center-heading" className="mt-2 space-y-1">
              {resourcesMenu.learningCenter.items.map((item) => (
                <li key={item.label}>
                  <NavItemLink
                    item={item}
                    onSelect={select}
                    describedBy={`resources-${slug(item.label)}-description`}
                    className={`block rounded-lg px-3 py-2.5 transition hover:bg-white/5 ${focusRing}`}
                  >
                    <span className="block text-sm font-medium text-white">{item.label}</span>
                    <span id={`resources-${slug(item.label)}-description`} aria-hidden="true" className="mt-0.5 block text-xs text-slate-400">{item.description}</span>
                  </NavItemLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </li>
  )
}
