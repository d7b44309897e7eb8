import { Link } from '@tanstack/react-router'
import { site } from '../../content/site'
import { focusRing } from '../sections/ui'

export interface LogoLinkProps {
  /** Layout only (flex or inline-flex, shrink, tracking); size and look are the component's. */
  className: string
  /** The mobile menu's smaller mark and base-size name. */
  compact?: boolean
  /** Called when the visitor follows the link (the mobile menu closes itself). */
  onSelect?: () => void
}

/** The logo and wordmark linking home: header, mobile menu and footer. */
export function LogoLink({ className, compact = false, onSelect }: LogoLinkProps) {
  const size = compact ? 28 : 32
  return (
    <Link
      to="/"
      onClick={onSelect}
      className={`items-center rounded-lg font-semibold text-white ${compact ? 'gap-2' : 'gap-2.5 text-lg'} ${focusRing} ${className}`}
    >
      {/* Low priority: a small mark, never the page's largest content. Left to the browser, it raised this
          in-view image to high priority on some loads, and Lighthouse then counted it against the LCP. */}
      <img src="/logo.svg" alt="" width={size} height={size} fetchPriority="low" className={compact ? 'size-7' : 'size-8'} />
      <span>{site.name}</span>
    </Link>
  )
}
