import type { ReactNode } from 'react'
import { STEP_HEADING_ID } from '../../logic/manageBooking'

/**
 * The heading of the manage page's current step: the machine moves the focus here when the step
 * changes (a programmatic target only, so no ring, as with #main).
 */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 id={STEP_HEADING_ID} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold tracking-tight text-white outline-none sm:text-3xl">
      {children}
    </h2>
  )
}
