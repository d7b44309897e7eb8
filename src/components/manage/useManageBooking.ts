import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { joinStatus } from '../../../machines/joinWindow'
import { manageStep, reasonError as reasonErrorOf } from '../../../machines/manageBooking'
import { bookingSettings } from '../../config'
import { nowInstant } from '../../lib/time/format'
import { preferredHour24, preferredTimeZone } from '../../lib/time/timePreferences'
import { manageBookingLogic } from '../../logic/manageBooking'
import { useDaySlots } from '../booking/useDaySlots'

/**
 * One manage-page actor for the booking of `uid`, with the visitor's zone and the current time as
 * input; state through selectors, named senders, and every control asks the machine whether it is on.
 */
export function useManageBooking(uid: string) {
  const manage = useActorRef(manageBookingLogic, {
    input: { uid, timeZone: preferredTimeZone(), hour24: preferredHour24(), now: nowInstant(), clock: Date.now, identity: bookingSettings },
  })
  const step = useSelector(manage, manageStep)
  const booking = useSelector(manage, (s) => s.context.booking)
  const timeZone = useSelector(manage, (s) => s.context.timeZone)
  const hour24 = useSelector(manage, (s) => s.context.hour24)
  /** The zone and clock every time on the page is shown in. */
  const display = useMemo(() => ({ timeZone, hour24 }), [timeZone, hour24])
  const reason = useSelector(manage, (s) => s.context.reason)
  const reasonError = useSelector(manage, reasonErrorOf)
  const chosen = useSelector(manage, (s) => s.context.chosen)
  const movedFrom = useSelector(manage, (s) => s.context.movedFrom)
  const error = useSelector(manage, (s) => s.context.error)
  const notice = useSelector(manage, (s) => s.context.notice)
  const cancelling = useSelector(manage, (s) => s.matches('cancelling'))
  const saving = useSelector(manage, (s) => s.matches({ rescheduling: 'saving' }))
  const slots = useDaySlots(useSelector(manage, (s) => s.children.slots))
  // 'Join the call' comes up from ten minutes before the start: the manage machine's child keeps the time.
  const joinWindow = useSelector(useSelector(manage, (s) => s.children.joinWindow), joinStatus)

  // Controls ask the machine whether it takes their event now.
  const can = {
    retry: useSelector(manage, (s) => s.can({ type: 'RETRY' })),
    startCancel: useSelector(manage, (s) => s.can({ type: 'START_CANCEL' })),
    startReschedule: useSelector(manage, (s) => s.can({ type: 'START_RESCHEDULE' })),
    back: useSelector(manage, (s) => s.can({ type: 'BACK' })),
    editReason: useSelector(manage, (s) => s.can({ type: 'REASON_CHANGED', value: '' })),
    confirmCancel: useSelector(manage, (s) => s.can({ type: 'CONFIRM_CANCEL' })),
    chooseSlot: useSelector(manage, (s) => s.can({ type: 'SLOT_CHOSEN', slot: '' })),
    confirmReschedule: useSelector(manage, (s) => s.can({ type: 'CONFIRM_RESCHEDULE' })),
    changeTime: useSelector(manage, (s) => s.can({ type: 'CLOCK_CHANGED', hour24: false })),
  }

  const events = useMemo(
    () => ({
      retry: () => manage.send({ type: 'RETRY' }),
      startCancel: () => manage.send({ type: 'START_CANCEL' }),
      changeReason: (value: string) => manage.send({ type: 'REASON_CHANGED', value }),
      confirmCancel: () => manage.send({ type: 'CONFIRM_CANCEL' }),
      startReschedule: () => manage.send({ type: 'START_RESCHEDULE' }),
      chooseSlot: (slot: string) => manage.send({ type: 'SLOT_CHOSEN', slot }),
      confirmReschedule: () => manage.send({ type: 'CONFIRM_RESCHEDULE' }),
      back: () => manage.send({ type: 'BACK' }),
      chooseTimeZone: (zone: string) => manage.send({ type: 'TIME_ZONE_CHOSEN', timeZone: zone }),
      changeClock: (value: boolean) => manage.send({ type: 'CLOCK_CHANGED', hour24: value }),
    }),
    [manage],
  )

  return { step, booking, timeZone, hour24, display, reason, reasonError, chosen, movedFrom, error, notice, cancelling, saving, slots, joinWindow, can, ...events }
}

export type ManageBookingView = ReturnType<typeof useManageBooking>
