/**
 * The model options of the joinWindow path tests, shared by the machine level (vitest) and the UI level
 * (Playwright): a booking half an hour after the models' NOW, by video. Pure: no Playwright and no vitest here.
 */
import type { BookingView } from '../../../../core/manageWire'
import type { JoinWindowInput } from '../../../../machines/joinWindow'
import type { ModelOptions } from '../../support/machineModel'
import { NOW } from './bookingModel'
import { NOTICE_BEGUN } from './manageModel'

export const JOIN_URL = 'https://meet.jit.si/0123456789abcdef01234567'

/** Today 9:30 to 9:45 in Auckland, half an hour after NOW: the page opens before the join window. */
export const JOINABLE: BookingView = { ...NOTICE_BEGUN, location: JOIN_URL, metadata: { videoCallUrl: JOIN_URL } }

/** The model's clock stands at NOW (the levels move theirs: a SimulatedClock, page.clock). */
export const joinWindowInput: JoinWindowInput = {
  startTime: JOINABLE.startTime,
  endTime: JOINABLE.endTime,
  now: NOW,
  clock: () => Date.parse(NOW),
}

export const joinWindowModel: ModelOptions = { input: joinWindowInput, serializeState: (snapshot) => JSON.stringify(snapshot.value) }

/** How far a clock standing `elapsed` ms after NOW must move for each moment: ten minutes before the start, the end. */
export const untilJoinOpens = (elapsed: number) => Date.parse(JOINABLE.startTime) - 10 * 60_000 - (Date.parse(NOW) + elapsed)
export const untilCallEnds = (elapsed: number) => Date.parse(JOINABLE.endTime) - (Date.parse(NOW) + elapsed)
