import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { bookingModalMachine, type BookingModalEvent } from '../../../machines/bookingModal'
import type { ConfirmedBooking } from '../../../machines/bookingForm'
import { bookingModalLogic } from '../../../src/logic/bookingModal'

const booking: ConfirmedBooking = {
  uid: 'b-1',
  title: 'Quick chat',
  startTime: '2026-11-23T21:00:00Z',
  endTime: '2026-11-23T21:15:00Z',
  name: 'Aroha Ngata',
  email: 'aroha@example.co.nz',
  timeZone: 'Pacific/Auckland',
  hour24: false,
}

function start() {
  const effects = { lockPageScroll: vi.fn(), unlockPageScroll: vi.fn(), returnFocusToOpener: vi.fn(), focusConfirmation: vi.fn() }
  const actor = createActor(bookingModalMachine.provide({ actions: effects }))
  actor.start()
  return { actor, effects }
}

const opener = { focus: vi.fn() }

describe('bookingModal machine', () => {
  it('starts closed, with no toast', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'hidden' })
    expect(actor.getSnapshot().context).toMatchObject({ opener: null, formKey: 0, booking: null })
  })

  it('OPEN opens it, remembers the opener, locks page scrolling and asks for a fresh form', () => {
    const { actor, effects } = start()
    actor.send({ type: 'OPEN', opener })
    expect(actor.getSnapshot().matches({ dialog: 'open' })).toBe(true)
    expect(actor.getSnapshot().context.opener).toBe(opener)
    expect(actor.getSnapshot().context.formKey).toBe(1)
    expect(effects.lockPageScroll).toHaveBeenCalledTimes(1)
  })

  it('every open gets a new form key, so the form starts empty each time', () => {
    const { actor } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'ESCAPE_PRESSED' })
    actor.send({ type: 'OPEN', opener })
    expect(actor.getSnapshot().context.formKey).toBe(2)
  })

  it.each<BookingModalEvent['type']>(['ESCAPE_PRESSED', 'CLOSE_CLICKED', 'BACKDROP_CLICKED'])(
    '%s closes it, unlocks scrolling and returns focus to the opener',
    (type) => {
      const { actor, effects } = start()
      actor.send({ type: 'OPEN', opener })
      actor.send({ type } as BookingModalEvent)
      expect(actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true)
      expect(effects.unlockPageScroll).toHaveBeenCalledTimes(1)
      expect(effects.returnFocusToOpener).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true)
    },
  )

  it.each<BookingModalEvent['type']>(['ESCAPE_PRESSED', 'CLOSE_CLICKED', 'BACKDROP_CLICKED'])('%s while closed does nothing', (type) => {
    const { actor, effects } = start()
    actor.send({ type } as BookingModalEvent)
    expect(actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true)
    expect(effects.unlockPageScroll).not.toHaveBeenCalled()
    expect(effects.returnFocusToOpener).not.toHaveBeenCalled()
  })

  it('a confirmed booking closes the modal, keeps the booking for the toast and gives the toast the focus', () => {
    const { actor, effects } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'BOOKING_CONFIRMED', booking })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'shown' })
    expect(actor.getSnapshot().context.booking).toEqual(booking)
    expect(effects.unlockPageScroll).toHaveBeenCalledTimes(1)
    // Its links are the next Tab stops (docs/booking.md#confirmation), not the page after the opener.
    expect(effects.focusConfirmation).toHaveBeenCalledTimes(1)
    expect(effects.returnFocusToOpener).not.toHaveBeenCalled()
  })

  it('the toast stays until dismissed; dismissing it gives focus back to the opener (its button is gone)', () => {
    const { actor, effects } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'BOOKING_CONFIRMED', booking })
    actor.send({ type: 'ESCAPE_PRESSED' })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'shown' })
    expect(effects.returnFocusToOpener).not.toHaveBeenCalled()
    actor.send({ type: 'TOAST_DISMISSED' })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'hidden' })
    expect(actor.getSnapshot().context.booking).toBeNull()
    expect(effects.returnFocusToOpener).toHaveBeenCalledTimes(1)
  })

  it('opening the modal again puts the toast away (it could not be dismissed under the modal)', () => {
    const { actor } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'BOOKING_CONFIRMED', booking })
    actor.send({ type: 'OPEN', opener })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'open', toast: 'hidden' })
    expect(actor.getSnapshot().context.booking).toBeNull()
  })

  it('a confirmation arrives only from the open modal', () => {
    const { actor } = start()
    actor.send({ type: 'BOOKING_CONFIRMED', booking })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'hidden' })
    expect(actor.getSnapshot().context.booking).toBeNull()
  })

  it('a second confirmed booking replaces the first in the toast', () => {
    const { actor } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'BOOKING_CONFIRMED', booking })
    actor.send({ type: 'OPEN', opener })
    const second = { ...booking, uid: 'b-2', email: 'second@example.co.nz' }
    actor.send({ type: 'BOOKING_CONFIRMED', booking: second })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'shown' })
    expect(actor.getSnapshot().context.booking).toEqual(second)
  })

  it('TOAST_DISMISSED without a toast does nothing', () => {
    const { actor, effects } = start()
    actor.send({ type: 'TOAST_DISMISSED' })
    expect(actor.getSnapshot().value).toEqual({ dialog: 'closed', toast: 'hidden' })
    expect(effects.returnFocusToOpener).not.toHaveBeenCalled()
  })

  it('OPEN while open does nothing (no second lock, same form)', () => {
    const { actor, effects } = start()
    actor.send({ type: 'OPEN', opener })
    actor.send({ type: 'OPEN', opener: { focus: vi.fn() } })
    expect(effects.lockPageScroll).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.formKey).toBe(1)
    expect(actor.getSnapshot().context.opener).toBe(opener)
  })

  it("the app's focus action gives focus back to a connected opener only", () => {
    const connected = { focus: vi.fn(), isConnected: true }
    const removed = { focus: vi.fn(), isConnected: false }
    const actor = createActor(bookingModalLogic.provide({ actions: { lockPageScroll: () => {}, unlockPageScroll: () => {} } }))
    actor.start()
    actor.send({ type: 'OPEN', opener: connected })
    actor.send({ type: 'ESCAPE_PRESSED' })
    expect(connected.focus).toHaveBeenCalledTimes(1)
    actor.send({ type: 'OPEN', opener: removed })
    actor.send({ type: 'ESCAPE_PRESSED' })
    expect(removed.focus).not.toHaveBeenCalled()
  })
})
