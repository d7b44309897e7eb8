import { useSyncExternalStore, type ReactNode } from 'react'
import { consultationLabel, footerExplore, footerNav, type NavItem } from '../../content/nav'
import { site } from '../../content/site'
import { NavItemLink } from '../nav/NavItemLink'
import { focusRing } from '../sections/ui'
import { LogoLink } from './LogoLink'

const BUILD_YEAR = import.meta.env.BUILD_YEAR ?? new Date().getFullYear()
const noSubscription = () => () => {}
const visitorsYear = () => new Date().getFullYear()
const buildYear = () => BUILD_YEAR

/**
 * The current year in the visitor's browser (docs/design.md#constants). The prerendered HTML holds the build's year, and
 * hydration renders the same (the server snapshot), so nothing mismatches; React then renders again with
 * the visitor's year when it differs. No subscription: a page left open over New Year keeps its year.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, visitorsYear, buildYear)
}

const footerLink =
  `rounded text-sm text-slate-400 transition hover:text-white ${focusRing}`

/** Footer links, copyright line and location (docs/design.md#pages footer links, §9). */
export function Footer() {
  const year = useCurrentYear()
  return (
    <footer className="border-t border-white/10 bg-slate-950/70">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div>
          <LogoLink className="inline-flex" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">
            We help businesses implement AI: consulting, automation and custom development, built and supported from New Zealand.
          </p>
        </div>
        <FooterColumn id="footer-company-heading" title="Company" items={footerNav}>
          <li>
            <a
              href={site.consultationUrl}
              target="_blank"
              rel="noopener"
              className={`rounded text-sm font-semibold text-sky-400 transition hover:text-sky-300 ${focusRing}`}
            >
              {consultationLabel}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </FooterColumn>
        <FooterColumn id="footer-explore-heading" title="Explore" items={footerExplore} />
      </div>
      <div className="border-t border-white/10">
        {/* Left-aligned, with room below on small screens: the floating voice widget sits bottom right. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-x-6 gap-y-2 px-4 pt-6 pb-24 text-sm text-slate-400 sm:flex-row sm:flex-wrap sm:px-6 md:pb-6 lg:px-8">
          <p>
            © {year} {site.legalName}. All rights reserved.
          </p>
          <p>{site.location}</p>
        </div>
      </div>
    </footer>
  )
}

/** One titled list of footer links; `children` are extra items after the list's own. */
function FooterColumn({ id, title, items, children }: { id: string; title: string; items: ReadonlyArray<NavItem>; children?: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.label}>
            <NavItemLink item={item} className={footerLink} />
          </li>
        ))}
        {children}
      </ul>
    </nav>
  )
}
