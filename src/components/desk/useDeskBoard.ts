import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { TimeOffForm } from '../../../machines/deskCalls'
import { deskControls as controls, deskView as view } from '../../../machines/deskView'
import type { deskMachine } from '../../../machines/desk'

export type DeskActor = ActorRefFrom<typeof deskMachine>

/** The desk's state through selectors, and named senders, so no component builds an event. */
export function useDeskBoard(desk: DeskActor) {
  const state = {
    view: useSelector(desk, view.view),
    now: useSelector(desk, view.now),
    upcomingDays: useSelector(desk, view.upcomingDays),
    pastDays: useSelector(desk, view.pastDays),
    dialogCall: useSelector(desk, view.dialogCall),
    reason: useSelector(desk, view.reason),
    reasonError: useSelector(desk, view.reasonError),
    sendingCancel: useSelector(desk, view.sendingCancel),
    marking: useSelector(desk, view.marking),
    timeOffForm: useSelector(desk, view.timeOffForm),
    addingTimeOff: useSelector(desk, view.addingTimeOff),
    removingTimeOff: useSelector(desk, view.removingTimeOff),
    signingOut: useSelector(desk, view.signingOut),
    error: useSelector(desk, view.error),
    status: useSelector(desk, view.status),
  }
  // Controls ask the machine whether it takes their event now; a snapshot stands for the per-call ones.
  const snapshot = useSelector(desk, (s) => s)
  const can = {
    cancel: (uid: string) => controls.cancel(snapshot, uid),
    markNoShow: (uid: string) => controls.markNoShow(snapshot, uid),
    undoNoShow: (uid: string) => controls.undoNoShow(snapshot, uid),
    removeTimeOff: (id: string) => controls.removeTimeOff(snapshot, id),
    editReason: controls.editReason(snapshot),
    confirmCancel: controls.confirmCancel(snapshot),
    keepCall: controls.keepCall(snapshot),
    editTimeOff: controls.editTimeOff(snapshot),
    addTimeOff: controls.addTimeOff(snapshot),
    signOut: controls.signOut(snapshot),
  }
  const events = useMemo(
    () => ({
      cancelCall: (uid: string) => desk.send({ type: 'CANCEL_CALL', uid }),
      changeReason: (value: string) => desk.send({ type: 'REASON_CHANGED', value }),
      confirmCancel: () => desk.send({ type: 'CONFIRM_CANCEL' }),
      keepCall: () => desk.send({ type: 'KEEP_CALL' }),
      markNoShow: (uid: string, rebook: boolean) => desk.send({ type: 'MARK_NO_SHOW', uid, rebook }),
      undoNoShow: (uid: string) => desk.send({ type: 'UNDO_NO_SHOW', uid }),
      changeTimeOff: (field: keyof TimeOffForm, value: string) => desk.send({ type: 'TIME_OFF_CHANGED', field, value }),
      addTimeOff: () => desk.send({ type: 'ADD_TIME_OFF' }),
      removeTimeOff: (id: string) => desk.send({ type: 'REMOVE_TIME_OFF', id }),
      signOut: () => desk.send({ type: 'SIGN_OUT' }),
    }),
    [desk],
  )
  return { ...state, can, ...events }
}

export type DeskBoardView = ReturnType<typeof useDeskBoard>
