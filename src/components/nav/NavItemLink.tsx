import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { NavItem } from '../../content/nav'
import { ScrollIntentLink } from './ScrollIntentLink'

export interface NavItemLinkProps {
  item: NavItem
  className?: string
  /** Called when the visitor picks the item (menus close themselves). */
  onSelect?: () => void
  children?: ReactNode
  /** Id of an element describing the link (its accessible name stays the label). */
  describedBy?: string
}

/** A navigation entry: a page link, or a link to a home-page section run by the scroll intent. */
export function NavItemLink({ item, className, onSelect, children, describedBy }: NavItemLinkProps) {
  const content = children ?? item.label
  if (item.kind === 'scroll') {
    return (
      <ScrollIntentLink target={item.target} className={className} onSelect={onSelect} describedBy={describedBy}>
        {content}
      </ScrollIntentLink>
    )
  }
  return (
    <Link to={item.to} className={className} onClick={onSelect} aria-describedby={describedBy}>
      {content}
    </Link>
  )
}
