/**
 * The desk's calls (core/deskWire.ts, docs/desk.md). Always to the site's own origin, never to
 * `bookingSettings.apiBase`: the session is the site's `SameSite=Strict` cookie, which only a same-origin
 * request carries. A non-OK answer throws BookingRejected with its status, `message` and `code`
 * (core/deskErrors.ts tells them apart); a network failure throws the fetch's own error.
 */
import * as v from 'valibot'
import {
  DeskViewSchema,
  type DeskView,
  type HostCancelRequest,
  type LinkRequest,
  type NoShowRequest,
  type SessionRequest,
  type TimeOffRequest,
} from '../../../core/deskWire'
import { readAnswer } from './calendarApi'

/** The answer of POST /api/desk/link: the same sentence for every address. */
const LinkAnswerSchema = v.object({ message: v.string() })
/** 204: no body. */
const NoContentSchema = v.undefined()

async function deskRequest<TSchema extends v.GenericSchema>(path: string, schema: TSchema, body: unknown, signal?: AbortSignal) {
  const response = await fetch(`/api/desk${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal,
  })
  return readAnswer(response, schema)
}

const callPath = (uid: string, action: string) => `/calls/${encodeURIComponent(uid)}/${action}`

/** GET /api/desk: everything the desk shows; 401 without a session, 404 when the desk is not set up. */
export const fetchDesk = (signal?: AbortSignal): Promise<DeskView> => deskRequest('', DeskViewSchema, undefined, signal)

/** POST /api/desk/link: asks for a sign-in link; the answer's sentence is the same whoever asks. */
export async function requestLink(request: LinkRequest, signal?: AbortSignal): Promise<void> {
  await deskRequest('/link', LinkAnswerSchema, request, signal)
}

/** POST /api/desk/session: trades the link's token for the session cookie. */
export async function openSession(request: SessionRequest, signal?: AbortSignal): Promise<void> {
  await deskRequest('/session', NoContentSchema, request, signal)
}

/** POST /api/desk/sign-out: ends the session on the server and clears the cookie. */
export async function signOut(signal?: AbortSignal): Promise<void> {
  await deskRequest('/sign-out', NoContentSchema, {}, signal)
}

/** POST /api/desk/calls/{uid}/cancel: the host cancels with a reason for the visitor; answers the desk after it. */
export const cancelCall = (uid: string, request: HostCancelRequest, signal?: AbortSignal): Promise<DeskView> =>
  deskRequest(callPath(uid, 'cancel'), DeskViewSchema, request, signal)

/** POST /api/desk/calls/{uid}/no-show: marks or unmarks a no-show; answers the desk after it. */
export const markNoShow = (uid: string, request: NoShowRequest, signal?: AbortSignal): Promise<DeskView> =>
  deskRequest(callPath(uid, 'no-show'), DeskViewSchema, request, signal)

/** POST /api/desk/time-off: adds days of time off; answers the desk after it. */
export const addTimeOff = (request: TimeOffRequest, signal?: AbortSignal): Promise<DeskView> => deskRequest('/time-off', DeskViewSchema, request, signal)

/** POST /api/desk/time-off/{id}/remove: answers the desk after it. */
export const removeTimeOff = (id: string, signal?: AbortSignal): Promise<DeskView> =>
  deskRequest(`/time-off/${encodeURIComponent(id)}/remove`, DeskViewSchema, {}, signal)
