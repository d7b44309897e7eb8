/**
 * The desk's requests (core/deskWire.ts) as the desk machine's actors: each sends the session's cookie
 * (same origin) and answers the desk's view after it. A non-OK answer throws BookingRejected with its status, its
 * `message` and its `code`, so the machine tells a 401 (the session is over) from the server's sentences and both
 * from a failed network (any other error).
 */
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { DeskViewSchema, type DeskView, type HostCancelRequest, type NoShowRequest, type TimeOffRequest } from '../../../core/deskWire'
import { bookingSettings } from '../../config'
import { readAnswer } from './calendarApi'

const NO_CONTENT = v.unknown()

/** One request to the desk's API, its body as JSON when there is one. */
async function desk<TSchema extends v.GenericSchema>(path: string, schema: TSchema, body?: unknown, signal?: AbortSignal) {
  const response = await fetch(`${bookingSettings.apiBase}/api/desk${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  return readAnswer(response, schema)
}

const callPath = (uid: string, action: string) => `/calls/${encodeURIComponent(uid)}/${action}`

/** The desk machine's actors with the real requests (tests provide fakes). */
export const deskBoardActors = {
  loadDesk: fromPromise<DeskView>(({ signal }) => desk('', DeskViewSchema, undefined, signal)),
  cancelCall: fromPromise<DeskView, { uid: string } & HostCancelRequest>(({ input: { uid, reason }, signal }) =>
    desk(callPath(uid, 'cancel'), DeskViewSchema, { reason } satisfies HostCancelRequest, signal),
  ),
  markNoShow: fromPromise<DeskView, { uid: string; noShow: boolean; rebook: boolean }>(({ input: { uid, noShow, rebook }, signal }) =>
    desk(callPath(uid, 'no-show'), DeskViewSchema, { noShow, rebook } satisfies NoShowRequest, signal),
  ),
  addTimeOff: fromPromise<DeskView, TimeOffRequest>(({ input, signal }) => desk('/time-off', DeskViewSchema, input, signal)),
  removeTimeOff: fromPromise<DeskView, { id: string }>(({ input, signal }) => desk(`/time-off/${encodeURIComponent(input.id)}/remove`, DeskViewSchema, {}, signal)),
  /** 204: nothing to read but the status. */
  signOut: fromPromise<void>(async ({ signal }) => {
    const response = await fetch(`${bookingSettings.apiBase}/api/desk/sign-out`, { method: 'POST', credentials: 'same-origin', signal })
    if (!response.ok) await readAnswer(response, NO_CONTENT)
  }),
}
