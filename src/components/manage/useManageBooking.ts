import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { joinStatus } from '../../../machines/joinWindow'
import { manageBookingControls as controls, manageBookingView as view } from '../../../machines/manageBookingView'
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
  const step = useSelector(manage, view.step)
  const booking = useSelector(manage, view.booking)
  const timeZone = useSelector(manage, view.timeZone)
  const hour24 = useSelector(manage, view.hour24)
  /** The zone and clock every time on the page is shown in. */
  const display = useMemo(() => ({ timeZone, hour24 }), [timeZone, hour24])
  const reason = useSelector(manage, view.reason)
  const reasonError = useSelector(manage, view.reasonError)
  const chosen = useSelector(manage, view.chosen)
  const movedFrom = useSelector(manage, view.movedFrom)
  const error = useSelector(manage, view.error)
  const notice = useSelector(manage, view.notice)
  const cancelling = useSelector(manage, view.cancelling)
  const saving = useSelector(manage, view.saving)
  const slots = useDaySlots(useSelector(manage, view.slots))
  // 'Join the call' comes up from ten minutes before the start: the manage machine's child keeps the time.
  const joinWindow = useSelector(useSelector(manage, view.joinWindow), joinStatus)

  // Controls ask the machine whether it takes their event now.
  const can = {
    retry: useSelector(manage, controls.retry),
    startCancel: useSelector(manage, controls.startCancel),
    startReschedule: useSelector(manage, controls.startReschedule),
    back: useSelector(manage, controls.back),
    editReason: useSelector(manage, controls.editReason),
    confirmCancel: useSelector(manage, controls.confirmCancel),
    chooseSlot: useSelector(manage, controls.chooseSlot),
    confirmReschedule: useSelector(manage, controls.confirmReschedule),
    changeTime: useSelector(manage, controls.changeTime),
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
