import { useEffect, useRef } from 'react'
import { headerNav, resourcesMenu } from '../../content/nav'
import { NavItemLink } from '../nav/NavItemLink'
import { prefetchBookingForm } from '../../boot/loadBookingForm'
import { useBookingModal } from '../booking/useBookingModal'
import { focusRing, navButton } from '../sections/ui'
import { CloseIcon, MenuIcon } from './icons'
import { LogoLink } from './LogoLink'
import { ModalDialog } from './ModalDialog'
import { useMobileMenu } from './useMobileMenu'

const itemLink =
  `block rounded-lg px-3 py-3 text-base font-medium text-slate-200 transition hover:bg-white/5 hover:text-white ${focusRing} aria-[current=page]:text-sky-300`

/**
 * The slide-in menu below the md breakpoint (docs/design.md#pages): a modal panel that keeps focus inside, locks
 * page scrolling, and closes on an outside click, a chosen item, Escape or its close button.
 */
export function MobileMenu() {
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { open, events: menu } = useMobileMenu()
  const modal = useBookingModal()
  const select = menu.selectItem

  // The menu does not exist at desktop widths: widening the window closes it.
  useEffect(() => {
    if (!open) return
    const wide = window.matchMedia('(min-width: 48rem)')
    const onChange = () => {
      if (wide.matches) menu.widenViewport()
    }
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [open, menu])

  return (
    <div className="md:hidden">
      <button
        ref={toggleRef}
        // The modal's opener when it opens from the menu: it names where the booking came from.
        data-from="mobile-menu"
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={(e) => menu.toggle(e.currentTarget)}
        className={`-mr-2 rounded-lg p-2 text-slate-200 transition hover:bg-white/10 hover:text-white ${focusRing}`}
      >
        <MenuIcon />
      </button>
      {open ? (
        <ModalDialog
          id="mobile-menu"
          label="Menu"
          onEscape={menu.pressEscape}
          onBackdropClick={menu.clickOutside}
          className="m-0 ml-auto h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-y-auto overscroll-contain border-l border-white/10 bg-slate-950 p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm motion-safe:transition-transform motion-safe:duration-200 starting:translate-x-full"
        >
          <div className="flex min-h-full flex-col">
            <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
              <LogoLink className="flex" compact onSelect={select} />
              <button
                type="button"
                aria-label="Close menu"
                onClick={menu.clickClose}
                className={`-mr-2 rounded-lg p-2 text-slate-300 transition hover:bg-white/10 hover:text-white ${focusRing}`}
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <nav aria-label="Mobile" className="flex-1 px-3 py-4">
              <ul className="space-y-1">
                {headerNav.before.map((item) => (
                  <li key={item.label}>
                    <NavItemLink item={item} onSelect={select} className={itemLink} />
                  </li>
                ))}
                {headerNav.after.map((item) => (
                  <li key={item.label}>
                    <NavItemLink item={item} onSelect={select} className={itemLink} />
                  </li>
                ))}
              </ul>
              <p id="mobile-resources-heading" className="mt-6 px-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
                {resourcesMenu.label}
              </p>
              <ul aria-labelledby="mobile-resources-heading" className="mt-2 space-y-1">
                {[resourcesMenu.featured, ...resourcesMenu.learningCenter.items].map((item) => (
                  <li key={item.label}>
                    <NavItemLink item={item} onSelect={select} className={itemLink} />
                  </li>
                ))}
              </ul>
            </nav>
            <div className="border-t border-white/10 p-4">
              <button
                type="button"
                aria-haspopup="dialog"
                onPointerEnter={prefetchBookingForm}
                onFocus={prefetchBookingForm}
                onClick={() => {
                  select()
                  // The menu is gone once the modal closes: focus goes back to the menu's toggle.
                  modal.open(toggleRef.current)
                }}
                className={`${navButton} w-full py-3`}
              >
                Book a Call
              </button>
            </div>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  )
}
