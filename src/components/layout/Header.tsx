import { headerNav } from '../../content/nav'
import { BookCallButton } from '../booking/BookCallButton'
import { NavItemLink } from '../nav/NavItemLink'
import { focusRing, navButton } from '../sections/ui'
import { LogoLink } from './LogoLink'
import { MobileMenu } from './MobileMenu'
import { ResourcesMenu } from './ResourcesMenu'

const navLink =
  `rounded-full px-3.5 py-2 text-sm font-medium text-slate-300 transition hover:bg-white/5 hover:text-white ${focusRing} aria-[current=page]:text-white aria-expanded:bg-white/5 aria-expanded:text-white`

/** Logo and wordmark, desktop navigation with the Resources dropdown, and the mobile menu (docs/design.md#pages). */
export function Header() {
  return (
    <header data-site-header className="sticky top-0 z-30 border-b border-white/10 bg-slate-950/75 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <LogoLink className="flex shrink-0 tracking-tight" />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {headerNav.before.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={navLink} />
              </li>
            ))}
            <ResourcesMenu linkClassName={navLink} />
            {headerNav.after.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={navLink} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden md:block">
          <BookCallButton from="header" className={`${navButton} py-2 shadow-lg shadow-sky-500/20`} />
        </div>
        <MobileMenu />
      </div>
    </header>
  )
}
