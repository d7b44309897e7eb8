import { useId } from 'react'
import { DESK_TEXTS, type DeskCall } from '../../../core/deskWire'
import { hasStarted, joinProminent } from '../../../machines/deskCalls'
import { formatSlotTime } from '../../lib/time/format'
import { DESK_IDS } from '../../logic/desk'
import { smallButton } from '../booking/styles'
import { alertBox } from '../manage/styles'
import { focusRing, primaryButton, secondaryButton, textLink } from '../sections/ui'
import { badge, callItem } from './styles'
import type { DeskBoardView } from './useDeskBoard'

/** Times on the desk are the host's, on a 12-hour clock: '9:30 am – 10:00 am'. */
const callTimes = (call: DeskCall, timeZone: string) =>
  `${formatSlotTime(call.startTime, { timeZone, hour24: false })} – ${formatSlotTime(call.endTime, { timeZone, hour24: false })}`

/** One call, as a list item holding its own actions: cancel while it is upcoming, the no-show ones once it has started. */
export function DeskCallItem({ call, desk, upcoming }: { call: DeskCall; desk: DeskBoardView; upcoming: boolean }) {
  const id = useId()
  const nameId = `${id}-name`
  const error = desk.error?.place === call.uid ? desk.error.sentence : null
  return (
    <li className={callItem} aria-labelledby={nameId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-white tabular-nums">{callTimes(call, desk.view.timeZone)}</p>
        <div className="flex flex-wrap gap-2">
          {call.inTimeOff ? <span className={`${badge} border-amber-300/50 bg-amber-400/10 text-amber-100`}>{DESK_TEXTS.inTimeOff}</span> : null}
          {call.noShow ? <span className={`${badge} border-rose-300/50 bg-rose-400/10 text-rose-100`}>{DESK_TEXTS.noShow}</span> : null}
        </div>
      </div>
      <div>
        <p id={nameId} className="text-lg font-semibold text-white">
          {call.name}
        </p>
        <a href={`mailto:${call.email}`} className={`${textLink} break-all text-sm`}>
          {call.email}
        </a>
      </div>
      <HowTheyMeet call={call} upcoming={upcoming} prominent={upcoming && joinProminent(call, desk.now)} />
      <dl className="grid gap-2 text-sm text-slate-300">
        {call.notes ? <Detail term={DESK_TEXTS.notes}>{call.notes}</Detail> : null}
        {call.cameFrom ? <Detail term={DESK_TEXTS.cameFrom}>{call.cameFrom}</Detail> : null}
        {call.brief ? <Detail term={DESK_TEXTS.brief}>{call.brief}</Detail> : null}
      </dl>
      <p className="text-xs text-slate-400">{call.bookedBy === 'voice' ? DESK_TEXTS.bookedByVoice : DESK_TEXTS.bookedByForm}</p>
      <CallActions call={call} desk={desk} upcoming={upcoming} />
      <p role="alert" className={error ? alertBox : undefined}>
        {error}
      </p>
    </li>
  )
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-200">{term}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  )
}

/** The join link (the prominent "Join" from ten minutes before until the end), or the number the agency calls. */
function HowTheyMeet({ call, upcoming, prominent }: { call: DeskCall; upcoming: boolean; prominent: boolean }) {
  if (call.joinUrl) {
    // A past call has nothing to join.
    if (!upcoming) return null
    return (
      <a href={call.joinUrl} target="_blank" rel="noopener noreferrer" className={`${prominent ? primaryButton : secondaryButton} self-start`}>
        {DESK_TEXTS.join}
      </a>
    )
  }
  if (!call.phone) return null
  return (
    <p className="text-sm text-slate-200">
      {DESK_TEXTS.phoneCall}:{' '}
      <a href={`tel:${call.phone}`} className={`${textLink} tabular-nums`}>
        {call.phone}
      </a>
    </p>
  )
}

function CallActions({ call, desk, upcoming }: { call: DeskCall; desk: DeskBoardView; upcoming: boolean }) {
  const id = useId()
  const busy = desk.marking === call.uid
  const showMark = !call.noShow && hasStarted(call, desk.now)
  if (!upcoming && !showMark && !call.noShow) return null
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {upcoming ? (
        <button
          id={DESK_IDS.cancelButton(call.uid)}
          type="button"
          className={smallButton}
          disabled={!desk.can.cancel(call.uid)}
          onClick={() => desk.cancelCall(call.uid)}
        >
          {DESK_TEXTS.cancelCall}
        </button>
      ) : null}
      {showMark ? (
        // The checkbox is the form's own until the press: the press sends what it says.
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-center"
          onSubmit={(e) => {
            e.preventDefault()
            desk.markNoShow(call.uid, new FormData(e.currentTarget).get('rebook') === 'on')
          }}
        >
          <label htmlFor={`${id}-rebook`} className="flex min-h-10 items-center gap-2 text-sm text-slate-200">
            <input id={`${id}-rebook`} name="rebook" type="checkbox" defaultChecked className={`size-4 accent-sky-400 ${focusRing}`} />
            {DESK_TEXTS.rebookMail}
          </label>
          <button type="submit" className={`${smallButton} ${busy ? 'cursor-wait' : ''}`} disabled={!desk.can.markNoShow(call.uid)}>
            {DESK_TEXTS.markNoShow}
          </button>
        </form>
      ) : null}
      {call.noShow ? (
        <button type="button" className={smallButton} disabled={!desk.can.undoNoShow(call.uid)} onClick={() => desk.undoNoShow(call.uid)}>
          {DESK_TEXTS.undoNoShow}
        </button>
      ) : null}
    </div>
  )
}
