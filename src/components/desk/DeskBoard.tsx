import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { DESK_TEXTS } from '../../../core/deskWire'
import type { deskMachine } from '../../../machines/desk'
import type { DeskDay } from '../../../machines/deskCalls'
import { formatDay, zoneCity } from '../../lib/time/format'
import { DESK_IDS } from '../../logic/desk'
import { alertBox, waiting } from '../manage/styles'
import { card, secondaryButton } from '../sections/ui'
import { CancelCallDialog } from './CancelCallDialog'
import { DeskCallItem } from './DeskCallItem'
import { dayHeading, sectionHeading, statusBox } from './styles'
import { TimeOffPanel } from './TimeOffPanel'
import { useDeskBoard, type DeskBoardView } from './useDeskBoard'

/**
 * The desk once signed in (docs/desk.md): who is signed in and "Sign out", the upcoming calls by day, the past
 * ones, the time off; the cancel dialog over it while open. Renders the desk machine's state and sends it events.
 */
export function DeskBoard({ actor }: { actor: ActorRefFrom<typeof deskMachine> }) {
  const desk = useDeskBoard(actor)
  const signOutError = desk.error?.place === 'signOut' ? desk.error.sentence : null
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-5 pt-10 pb-24 sm:px-8 sm:pt-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{DESK_TEXTS.heading}</h1>
          <p className="mt-2 break-all text-slate-300">{desk.view.email}</p>
          <p className="text-sm text-slate-400">{zoneCity(desk.view.timeZone)} time</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <button type="button" className={`${secondaryButton} ${waiting} self-start sm:self-auto`} disabled={!desk.can.signOut} onClick={desk.signOut}>
            {DESK_TEXTS.signOut}
          </button>
          <p role="alert" className={signOutError ? alertBox : undefined}>
            {signOutError}
          </p>
        </div>
      </header>
      <p role="status" className={statusBox}>
        {desk.status}
      </p>
      <CallList desk={desk} headingId={DESK_IDS.upcoming} heading={DESK_TEXTS.upcoming} empty={DESK_TEXTS.noUpcoming} days={desk.upcomingDays} upcoming />
      <CallList desk={desk} heading={DESK_TEXTS.past} empty={DESK_TEXTS.noPast} days={desk.pastDays} upcoming={false} />
      <div className={`${card} p-5 sm:p-8`}>
        <TimeOffPanel desk={desk} />
      </div>
      {desk.dialogCall ? <CancelCallDialog call={desk.dialogCall} desk={desk} /> : null}
    </div>
  )
}

interface CallListProps {
  desk: DeskBoardView
  heading: string
  headingId?: string
  empty: string
  days: DeskDay[]
  upcoming: boolean
}

/** A heading, then a heading per day (in the host's zone) and that day's calls as a list. */
function CallList({ desk, heading, headingId, empty, days, upcoming }: CallListProps) {
  const id = useId()
  const ownId = headingId ?? `${id}-heading`
  return (
    <section aria-labelledby={ownId} className="flex flex-col gap-5">
      <h2 id={ownId} tabIndex={-1} className={sectionHeading}>
        {heading}
      </h2>
      {days.length ? (
        days.map(({ day, calls }) => (
          <div key={day} className="flex flex-col gap-3">
            <h3 className={dayHeading}>{formatDay(day)}</h3>
            <ul className="flex flex-col gap-3">
              {calls.map((call) => (
                <DeskCallItem key={call.uid} call={call} desk={desk} upcoming={upcoming} />
              ))}
            </ul>
          </div>
        ))
      ) : (
        <p className="text-slate-400">{empty}</p>
      )}
    </section>
  )
}
