import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { phoneRules } from '../../../core/phone'
import { describe, expect, it } from 'vitest'
import { bookingPayload } from '../../support/bookingPayload'
import { deferred, type Deferred } from '../../paths/support/fakes'
import { BookingRejected } from '../../../core/bookingErrors'
import { bookingFormMachine, SUCCESS_RESET_MS, visibleErrors, type ConfirmedBooking } from '../../../machines/bookingForm'
import { slotsMachine } from '../../../machines/slots'
import type { SlotsByDate } from '../../../core/slotWindow'
import type { BookingRequest, BookingResponse } from '../../../core/bookingWire'

const ZONE = 'Pacific/Auckland'
// Friday 20 November 2026, 13:00 in Auckland.
const NOW = '2026-11-20T00:00:00Z'
const SLOT_10 = '2026-11-19T21:00:00Z' // Friday 20 November, 10:00 +13:00 (the day shown first)
const SLOT_1015 = '2026-11-19T21:15:00Z'

function bookingAnswer(request: BookingRequest): BookingResponse {
  return {
    id: 1,
    uid: 'bk_1',
    title: 'Quick Chat between Kiwi Automate and Aroha',
    startTime: '2026-11-19T21:00:00.000Z',
    endTime: '2026-11-19T21:15:00.000Z',
    status: 'ACCEPTED',
    eventTypeId: 7,
    responses: request.responses,
    attendees: [{ name: request.responses.name, email: request.responses.email, timeZone: request.timeZone }],
    user: { username: 'kiwi-automate' },
  }
}

/** A form with controllable slot loads (one deferred per request) and bookings. */
function start(variant: 'modal' | 'inline' = 'inline', now = NOW, timeZone = ZONE, locations: ReadonlyArray<'video' | 'phone'> = ['video']) {
  const clock = new SimulatedClock()
  const slotRequests: Array<{ day: string; timeZone: string; answer: Deferred<SlotsByDate> }> = []
  const bookings: Array<{ payload: BookingRequest; answer: Deferred<BookingResponse> }> = []
  const remembered: Array<string | boolean> = []
  const machine = bookingFormMachine.provide({
    actors: {
      slots: slotsMachine.provide({
        actors: {
          loadSlots: fromPromise<SlotsByDate, { day: string; timeZone: string }>(({ input }) => {
            const answer = deferred<SlotsByDate>()
            slotRequests.push({ ...input, answer })
            return answer.promise
          }),
        },
      }),
      bookEvent: fromPromise<BookingResponse, BookingRequest>(({ input }) => {
        const answer = deferred<BookingResponse>()
        bookings.push({ payload: input, answer })
        return answer.promise
      }),
    },
    actions: {
      rememberTimeZone: ({ context }) => void remembered.push(context.timeZone),
      rememberClock: ({ context }) => void remembered.push(context.hour24),
    },
  })
  const confirmed: ConfirmedBooking[] = []
  const actor = createActor(machine, {
    clock,
    input: {
      variant,
      timeZone,
      hour24: false,
      now,
      identity: { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat' },
      locations,
      phone: phoneRules('NZ'),
    },
  })
  actor.on('confirmed', (event) => confirmed.push(event.booking))
  actor.start()
  const slots = () => actor.getSnapshot().children.slots!
  return { actor, clock, slotRequests, bookings, confirmed, slots, remembered }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

async function fillValid(form: ReturnType<typeof start>) {
  form.slotRequests.at(-1)!.answer.resolve({ '2026-11-20': [{ time: SLOT_10 }, { time: SLOT_1015 }] })
  await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
  form.actor.send({ type: 'NAME_CHANGED', value: '  Aroha Ngata ' })
  form.actor.send({ type: 'EMAIL_CHANGED', value: ' aroha@example.co.nz ' })
  form.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT_10 })
}

describe('bookingForm: touched and submitted', () => {
  it('shows no error before a field is touched or a submit attempt', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({})
  })

  it('shows a field error once that field is blurred, and only that one', () => {
    const { actor } = start()
    actor.send({ type: 'NAME_BLURRED' })
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({ name: 'Name is required' })
    actor.send({ type: 'EMAIL_CHANGED', value: 'aroha@' })
    actor.send({ type: 'EMAIL_BLURRED' })
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
    })
  })

  it('choosing a time touches the time', () => {
    const { actor } = start()
    actor.send({ type: 'SLOT_CHOSEN', slot: SLOT_10 })
    expect(actor.getSnapshot().context.touched.slot).toBe(true)
    expect(actor.getSnapshot().context.fields.slot).toBe(SLOT_10)
  })

  it('a submit attempt with errors shows them all, books nothing, and validates live from then on', () => {
    const { actor, bookings } = start()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitted')
    expect(actor.getSnapshot().context.submitted).toBe(true)
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      slot: 'Please select a time slot',
    })
    actor.send({ type: 'NAME_CHANGED', value: 'A' })
    expect(visibleErrors(actor.getSnapshot().context).name).toBe('Name must be at least 2 characters')
    actor.send({ type: 'NAME_CHANGED', value: 'Al' })
    expect(visibleErrors(actor.getSnapshot().context).name).toBeUndefined()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitted')
    expect(bookings).toEqual([])
  })
})

describe('bookingForm: submitting', () => {
  it('books with the trimmed payload, stays in submitting (Processing...) until the answer', async () => {
    const form = start()
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    expect(form.actor.getSnapshot().value).toBe('submitting')
    expect(form.bookings).toHaveLength(1)
    expect(form.bookings[0]!.payload).toMatchObject(bookingPayload({ start: '2026-11-20T10:00:00+13:00', end: '2026-11-20T10:15:00+13:00', timeZone: ZONE }))
    expect(form.bookings[0]!.payload.metadata).toStrictEqual({ timeFormat: '12' })
    // Editing is ignored while the request is in flight.
    form.actor.send({ type: 'NAME_CHANGED', value: 'Someone else' })
    expect(form.actor.getSnapshot().context.fields.name).toBe('  Aroha Ngata ')
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings).toHaveLength(1)
  })

  it('sends where the lead came from as the attempt says it, in Cal.com’s tracking and metadata (docs/booking.md#where-a-lead-came-from)', async () => {
    const form = start()
    const lead = { tracking: { utm_source: 'linkedin', utm_campaign: 'spring' }, landingPath: '/use-cases', bookedOnPage: '/', bookedFrom: 'hero' }
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT', lead })
    expect(form.bookings[0]!.payload.tracking).toEqual({ utm_source: 'linkedin', utm_campaign: 'spring' })
    expect(form.bookings[0]!.payload.metadata).toStrictEqual({ timeFormat: '12', landingPath: '/use-cases', bookedOnPage: '/', bookedFrom: 'hero' })
    // A later attempt sends what it says, and one that says nothing sends nothing of it.
    form.bookings[0]!.answer.reject(new TypeError('Failed to fetch'))
    await waitFor(form.actor, (s) => s.matches('error'))
    form.actor.send({ type: 'SUBMIT', lead: { bookedOnPage: '/about', bookedFrom: 'header' } })
    expect(form.bookings[1]!.payload.tracking).toBeUndefined()
    expect(form.bookings[1]!.payload.metadata).toStrictEqual({ timeFormat: '12', bookedOnPage: '/about', bookedFrom: 'header' })
    form.bookings[1]!.answer.reject(new TypeError('Failed to fetch'))
    await waitFor(form.actor, (s) => s.matches('error'))
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings[2]!.payload.metadata).toStrictEqual({ timeFormat: '12' })
  })

  it.each([
    [new BookingRejected(409, 'no_available_users_found_error'), 'This time slot is no longer available. Please select another time.', 'slotTaken'],
    [new BookingRejected(400, 'Please enter a valid email address.'), 'Please enter a valid email address.'],
    [new BookingRejected(400, 'booking_time_out_of_bounds_error'), 'That time can no longer be booked. Please choose another time.'],
    [new BookingRejected(500, undefined), 'Booking failed: 500'],
    [new BookingRejected(502, undefined), 'Booking failed: 502'],
    [new TypeError('Failed to fetch'), 'Failed to complete booking. Please try again.'],
    ['a thrown string', 'Failed to complete booking. Please try again.'],
  ] as const)('a failure (%s) shows %j and ends submitting', async (error, text, state: 'error' | 'slotTaken' = 'error') => {
    const form = start()
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.reject(error)
    await waitFor(form.actor, (s) => s.matches(state))
    expect(form.actor.getSnapshot().context.bookingError).toBe(text)
  })

  it('a taken slot clears the choice and reloads the day without it', async () => {
    const form = start()
    await fillValid(form)
    expect(form.slotRequests).toHaveLength(1)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.reject(new BookingRejected(409, 'no_available_users_found_error'))
    await waitFor(form.actor, (s) => s.matches('slotTaken'))
    expect(form.actor.getSnapshot().context.fields.slot).toBeNull()
    expect(form.slots().getSnapshot().value).toBe('loading')
    expect(form.slotRequests).toHaveLength(2)
    expect(form.slotRequests[1]!.day).toBe('2026-11-20')
    form.slotRequests[1]!.answer.resolve({ '2026-11-20': [{ time: SLOT_1015 }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.slots).toEqual([SLOT_1015])
    // Its sentence is the one shown; the time's own waits for the next attempt, which needs a time again.
    expect(visibleErrors(form.actor.getSnapshot().context).slot).toBeUndefined()
    form.actor.send({ type: 'SUBMIT' })
    expect(visibleErrors(form.actor.getSnapshot().context).slot).toBe('Please select a time slot')
  })

  it('a taken slot keeps the row and the day, and its sentence goes once another time is chosen', async () => {
    const form = start()
    await fillValid(form)
    form.slots().send({ type: 'NEXT_DAY' })
    const { day, windowDay } = form.slots().getSnapshot().context
    expect(day).not.toBe(windowDay)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.reject(new BookingRejected(409, 'no_available_users_found_error'))
    await waitFor(form.actor, (s) => s.matches('slotTaken'))
    // The row's window is asked again, and the day shown is still the chosen one.
    expect(form.slotRequests.at(-1)!.day).toBe(windowDay)
    expect(form.slots().getSnapshot().context).toMatchObject({ day, windowDay })
    form.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT_1015 })
    expect(form.actor.getSnapshot().value).toBe('idle')
  })

  it('another failure keeps the choice and does not reload', async () => {
    const form = start()
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.reject(new BookingRejected(500, undefined))
    await waitFor(form.actor, (s) => s.matches('error'))
    expect(form.actor.getSnapshot().context.fields.slot).toBe(SLOT_10)
    expect(form.slotRequests).toHaveLength(1)
  })

  it('after an error the next submit clears the message and tries again', async () => {
    const form = start()
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.reject(new TypeError('Failed to fetch'))
    await waitFor(form.actor, (s) => s.matches('error'))
    form.actor.send({ type: 'SUBMIT' })
    expect(form.actor.getSnapshot().value).toBe('submitting')
    expect(form.actor.getSnapshot().context.bookingError).toBeNull()
    expect(form.bookings).toHaveLength(2)
  })
})

describe('bookingForm: success', () => {
  it('inline: shows the confirmation, clears the form, reloads the slots, returns to idle after 5 s', async () => {
    const form = start('inline')
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.resolve(bookingAnswer(form.bookings[0]!.payload))
    await waitFor(form.actor, (s) => s.matches('success'))
    const snapshot = form.actor.getSnapshot()
    expect(snapshot.context.confirmed).toMatchObject({ uid: 'bk_1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' })
    expect(snapshot.context.fields).toEqual({ name: '', email: '', slot: null, notes: '', location: 'video', phone: '' })
    expect(snapshot.context.submitted).toBe(false)
    expect(visibleErrors(snapshot.context)).toEqual({})
    expect(form.slotRequests).toHaveLength(2)

    form.clock.increment(SUCCESS_RESET_MS - 1)
    expect(form.actor.getSnapshot().value).toBe('success')
    form.clock.increment(1)
    expect(form.actor.getSnapshot().value).toBe('idle')
    // Kept for the one-line reminder until the visitor books again.
    expect(form.actor.getSnapshot().context.confirmed).toMatchObject({ uid: 'bk_1' })
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    expect(form.actor.getSnapshot().context.confirmed).toBeNull()
  })

  it('modal: emits the confirmed booking once (the modal closes) and stays confirmed', async () => {
    const form = start('modal')
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.resolve(bookingAnswer(form.bookings[0]!.payload))
    await waitFor(form.actor, (s) => s.matches('success'))
    expect(form.confirmed).toEqual([
      {
        uid: 'bk_1',
        title: 'Quick Chat between Kiwi Automate and Aroha',
        startTime: '2026-11-19T21:00:00.000Z',
        endTime: '2026-11-19T21:15:00.000Z',
        name: 'Aroha Ngata',
        email: 'aroha@example.co.nz',
        timeZone: ZONE,
        hour24: false,
      },
    ])
    form.clock.increment(SUCCESS_RESET_MS * 2)
    expect(form.actor.getSnapshot().value).toBe('success')
  })

  it('gives Add to calendar the event’s iCalUID for the event and the uid for the manage link only', async () => {
    const form = start('modal')
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    const answer = { ...bookingAnswer(form.bookings[0]!.payload), iCalUID: 'a1b2c3@kiwi-automate' }
    form.bookings[0]!.answer.resolve(answer)
    await waitFor(form.actor, (s) => s.matches('success'))
    expect(form.confirmed.map((booking) => [booking.uid, booking.iCalUID])).toEqual([[answer.uid, 'a1b2c3@kiwi-automate']])
  })

  it.each([
    ['our server', { location: 'https://meet.jit.si/0123456789abcdef01234567', metadata: { videoCallUrl: 'https://meet.jit.si/0123456789abcdef01234567' } }, 'https://meet.jit.si/0123456789abcdef01234567'],
    ['Cal.com naming its integration', { location: 'integrations:daily', metadata: { videoCallUrl: 'https://app.cal.com/video/abc' } }, 'https://app.cal.com/video/abc'],
    ['a phone call', { location: '+64215550123', metadata: {} }, undefined],
  ])('confirms with the join link of the answer (%s)', async (_, where, link) => {
    const form = start('modal')
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    form.bookings[0]!.answer.resolve({ ...bookingAnswer(form.bookings[0]!.payload), ...where })
    await waitFor(form.actor, (s) => s.matches('success'))
    expect(form.confirmed[0]?.videoCallUrl).toBe(link)
  })
})

describe('slots inside the form', () => {
  it('loads today in the visitor zone and shows the merged, sorted slots', async () => {
    const form = start()
    expect(form.slots().getSnapshot().value).toBe('loading')
    expect(form.slotRequests[0]).toMatchObject({ day: '2026-11-20', timeZone: ZONE })
    form.slotRequests[0]!.answer.resolve({
      '2026-11-19': [{ time: SLOT_1015 }],
      '2026-11-20': [{ time: SLOT_10 }, { time: SLOT_1015 }],
    })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.slots).toEqual([SLOT_10, SLOT_1015])
  })

  it('opens on the first day of the row with times, not on an empty today', async () => {
    const form = start()
    form.slotRequests[0]!.answer.resolve({ '2026-11-23': [{ time: '2026-11-22T21:00:00Z' }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-23')
    // Previous Day still goes back to today, from the loaded week, without a request.
    form.slots().send({ type: 'PREVIOUS_DAY' })
    form.slots().send({ type: 'PREVIOUS_DAY' })
    form.slots().send({ type: 'PREVIOUS_DAY' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-20')
    expect(form.slots().getSnapshot().matches({ ready: 'empty' })).toBe(true)
    expect(form.slots().getSnapshot().can({ type: 'PREVIOUS_DAY' })).toBe(false)
    expect(form.slotRequests).toHaveLength(1)
  })

  it('an empty day the visitor moves to is `empty`', async () => {
    const form = start()
    form.slots().send({ type: 'NEXT_DAY' })
    form.slotRequests[1]!.answer.resolve({ '2026-11-20': [{ time: SLOT_10 }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'empty' }))
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-21')
  })

  it('a failure is `failed`; Retry loads the same day again', async () => {
    const form = start()
    form.slotRequests[0]!.answer.reject(new Error('HTTP error! status: 500'))
    await waitFor(form.slots(), (s) => s.matches('failed'))
    form.slots().send({ type: 'RETRY' })
    expect(form.slots().getSnapshot().value).toBe('loading')
    expect(form.slotRequests.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-20'])
    form.slotRequests[1]!.answer.resolve({ '2026-11-20': [{ time: SLOT_10 }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
  })

  it('ignores the answer for a day the visitor has already left', async () => {
    const form = start()
    form.slots().send({ type: 'NEXT_DAY' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-21')
    // The first day's answer arrives late: it must not show.
    // It even holds a slot of the new day: were it accepted, 10:30 would show.
    form.slotRequests[0]!.answer.resolve({ '2026-11-21': [{ time: '2026-11-20T21:30:00Z' }], '2026-11-20': [{ time: SLOT_10 }] })
    await tick()
    expect(form.slots().getSnapshot().value).toBe('loading')
    expect(form.slots().getSnapshot().context.slots).toEqual([])
    form.slotRequests[1]!.answer.resolve({ '2026-11-21': [{ time: '2026-11-20T21:00:00Z' }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.slots).toEqual(['2026-11-20T21:00:00Z'])
  })

  it('Previous Day is not allowed on today, allowed after Next Day, and moves one day', async () => {
    const form = start()
    expect(form.slots().getSnapshot().can({ type: 'PREVIOUS_DAY' })).toBe(false)
    form.slots().send({ type: 'PREVIOUS_DAY' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-20')
    expect(form.slotRequests).toHaveLength(1)
    form.slots().send({ type: 'NEXT_DAY' })
    form.slots().send({ type: 'NEXT_DAY' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-22')
    expect(form.slots().getSnapshot().can({ type: 'PREVIOUS_DAY' })).toBe(true)
    form.slots().send({ type: 'PREVIOUS_DAY' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-21')
    expect(form.slotRequests.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-21'])
  })

  it("today is the visitor's: just after midnight in Auckland it is already Saturday there", () => {
    const auckland = start('inline', '2026-11-20T11:30:00Z', 'Pacific/Auckland')
    expect(auckland.slots().getSnapshot().context.day).toBe('2026-11-21')
    const losAngeles = start('inline', '2026-11-20T11:30:00Z', 'America/Los_Angeles')
    expect(losAngeles.slots().getSnapshot().context.day).toBe('2026-11-20')
    expect(losAngeles.slotRequests[0]).toMatchObject({ day: '2026-11-20', timeZone: 'America/Los_Angeles' })
  })
})

/** Days of the Auckland host (Monday to Friday), answered as the server would for any window. */
function weekdaySlots(days: string[]): SlotsByDate {
  // 10:00 Auckland (NZDT, +13:00) on each given day.
  return Object.fromEntries(days.map((day) => [day, [{ time: new Date(Date.parse(`${day}T10:00:00+13:00`)).toISOString() }]]))
}

describe('first free day', () => {
  it.each([
    ['a Saturday', '2026-11-20T22:00:00Z'], // Saturday 21 November, 11:00 in Auckland
    ['a Friday at 16:00 Auckland time', '2026-11-20T03:00:00Z'], // Friday 20 November, 16:00: today's times are past the notice
  ])('opening on %s shows Monday first', async (_, now) => {
    const form = start('inline', now)
    expect(form.slotRequests[0]).toMatchObject({ timeZone: ZONE })
    form.slotRequests[0]!.answer.resolve(weekdaySlots(['2026-11-23', '2026-11-24', '2026-11-25']))
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-23')
  })

  it('a week with no free day says so once, names the next free day, and its button goes there', async () => {
    const form = start()
    form.slotRequests[0]!.answer.resolve({})
    await waitFor(form.slots(), (s) => s.matches('searching'))
    // One look-ahead from the day after the row (Friday 20 + 7 days).
    expect(form.slotRequests[1]).toMatchObject({ day: '2026-11-27', lookahead: true })
    form.slotRequests[1]!.answer.resolve(weekdaySlots(['2026-12-01']))
    await waitFor(form.slots(), (s) => s.matches({ ready: 'noTimesThisWeek' }))
    expect(form.slots().getSnapshot().context).toMatchObject({ day: '2026-11-20', nextFree: '2026-12-01' })
    form.slots().send({ type: 'NEXT_FREE_DAY_CHOSEN' })
    expect(form.slotRequests[2]).toMatchObject({ day: '2026-12-01' })
    form.slotRequests[2]!.answer.resolve(weekdaySlots(['2026-12-01']))
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    expect(form.slots().getSnapshot().context.day).toBe('2026-12-01')
  })

  it('a day of the row is one tap away, without a request', async () => {
    const form = start()
    form.slotRequests[0]!.answer.resolve(weekdaySlots(['2026-11-20', '2026-11-24']))
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    form.slots().send({ type: 'DAY_CHOSEN', day: '2026-11-24' })
    expect(form.slots().getSnapshot().context.day).toBe('2026-11-24')
    expect(form.slots().getSnapshot().matches({ ready: 'loaded' })).toBe(true)
    form.slots().send({ type: 'DAY_CHOSEN', day: '2026-11-22' })
    expect(form.slots().getSnapshot().matches({ ready: 'empty' })).toBe(true)
    expect(form.slotRequests).toHaveLength(1)
  })
})

describe('time zone and clock', () => {
  it.each([
    ['Europe/London', 'Pacific/Auckland', '2026-11-20'],
    ['Australia/Sydney', 'America/New_York', '2026-11-19'],
  ])('a visitor in %s choosing %s: the week is asked for again in that zone, from its today', async (home, chosen, today) => {
    const form = start('inline', NOW, home)
    form.actor.send({ type: 'TIME_ZONE_CHOSEN', timeZone: chosen })
    expect(form.actor.getSnapshot().context.timeZone).toBe(chosen)
    expect(form.remembered).toEqual([chosen])
    expect(form.slotRequests.at(-1)).toMatchObject({ day: today, timeZone: chosen })
    form.slotRequests.at(-1)!.answer.resolve({ [today]: [{ time: SLOT_10 }] })
    await waitFor(form.slots(), (s) => s.matches({ ready: 'loaded' }))
    form.actor.send({ type: 'NAME_CHANGED', value: 'Aroha Ngata' })
    form.actor.send({ type: 'EMAIL_CHANGED', value: 'aroha@example.co.nz' })
    form.actor.send({ type: 'SLOT_CHOSEN', slot: SLOT_10 })
    form.actor.send({ type: 'SUBMIT' })
    // The payload's zone, start and end offsets are the chosen zone's.
    const offset = chosen === 'Pacific/Auckland' ? '+13:00' : '-05:00'
    expect(form.bookings[0]!.payload).toMatchObject({ timeZone: chosen, start: expect.stringMatching(new RegExp(`\\${offset}$`)) })
    expect(form.bookings[0]!.payload.end).toMatch(new RegExp(`\\${offset}$`))
  })

  it('the clock is context, kept through a booking, sent with it (docs/email.md#times) and with the confirmation', async () => {
    const form = start()
    form.actor.send({ type: 'CLOCK_CHANGED', hour24: true })
    expect(form.actor.getSnapshot().context.hour24).toBe(true)
    expect(form.remembered).toEqual([true])
    await fillValid(form)
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings[0]!.payload.metadata).toStrictEqual({ timeFormat: '24' })
    form.bookings[0]!.answer.resolve(bookingAnswer(form.bookings[0]!.payload))
    await waitFor(form.actor, (s) => s.matches('success'))
    expect(form.confirmed[0]).toMatchObject({ timeZone: ZONE, hour24: true })
  })
})

describe('bookingForm: how the call happens (docs/design.md#where-the-call-happens)', () => {
  it('a host who offers video alone: no location in the request, nothing asked of the number', async () => {
    const form = start()
    await fillValid(form)
    form.actor.send({ type: 'PHONE_CHANGED', value: '021 555 0123' })
    expect(form.actor.getSnapshot().context.fields.phone).toBe('')
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings[0]!.payload.responses.location).toBeUndefined()
  })

  it('video chosen where both are offered is named, so a host whose first way is phone still gets a video call', async () => {
    const form = start('inline', NOW, ZONE, ['phone', 'video'])
    await fillValid(form)
    expect(form.actor.getSnapshot().context.fields.location).toBe('phone')
    form.actor.send({ type: 'LOCATION_CHOSEN', location: 'video' })
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings[0]!.payload.responses.location).toEqual({ value: 'video' })
  })

  it('a phone call needs a valid number: required, then refused, then sent in E.164 and confirmed as people read it', async () => {
    const form = start('inline', NOW, ZONE, ['video', 'phone'])
    await fillValid(form)
    form.actor.send({ type: 'LOCATION_CHOSEN', location: 'phone' })
    form.actor.send({ type: 'SUBMIT' })
    expect(form.actor.getSnapshot().value).toBe('submitted')
    expect(visibleErrors(form.actor.getSnapshot().context)).toEqual({ phone: 'Phone number is required' })
    form.actor.send({ type: 'PHONE_CHANGED', value: '021 555' })
    form.actor.send({ type: 'SUBMIT' })
    expect(visibleErrors(form.actor.getSnapshot().context)).toEqual({
      phone: 'Please enter a valid phone number (for one outside New Zealand, start with + and the country code)',
    })
    expect(form.bookings).toHaveLength(0)
    form.actor.send({ type: 'PHONE_CHANGED', value: ' 021 555 0123 ' })
    form.actor.send({ type: 'SUBMIT' })
    expect(form.bookings[0]!.payload.responses.location).toEqual({ value: 'phone', optionValue: '+64215550123' })
    form.bookings[0]!.answer.resolve(bookingAnswer(form.bookings[0]!.payload))
    await waitFor(form.actor, (s) => s.matches('success'))
    expect(form.actor.getSnapshot().context.confirmed?.phone).toBe('+64 21 555 0123')
    // The form starts again with the host's first way and no number.
    expect(form.actor.getSnapshot().context.fields).toMatchObject({ location: 'video', phone: '' })
  })

  it('the number is kept when the visitor goes back to video and returns', () => {
    const form = start('inline', NOW, ZONE, ['video', 'phone'])
    form.actor.send({ type: 'LOCATION_CHOSEN', location: 'phone' })
    form.actor.send({ type: 'PHONE_CHANGED', value: '+44 20 7946 0958' })
    form.actor.send({ type: 'LOCATION_CHOSEN', location: 'video' })
    form.actor.send({ type: 'PHONE_BLURRED' })
    expect(form.actor.getSnapshot().context.touched.phone).toBe(false)
    form.actor.send({ type: 'LOCATION_CHOSEN', location: 'phone' })
    expect(form.actor.getSnapshot().context.fields.phone).toBe('+44 20 7946 0958')
  })
})
