import type { ReactNode } from 'react'
import { DESK_HEADING_ID } from '../../logic/deskSignIn'

/**
 * The page's heading while the desk is not open (the board has its own): the machine moves the focus here when
 * the step changes (a programmatic target only, so no ring, as with #main).
 */
export function DeskStepHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id={DESK_HEADING_ID} tabIndex={-1} className="scroll-mt-24 text-3xl font-bold tracking-tight text-balance text-white outline-none sm:text-4xl">
      {children}
    </h1>
  )
}
