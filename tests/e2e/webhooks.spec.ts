/**
 * The agency's automations hear of a booking as it happens, on the built site and the real server: an n8n-like
 * subscriber on this machine subscribes through Cal.com's API v2 (/v2/webhooks, the site's API_KEY), a visitor on a
 * phone books with a note, moves the call on the manage page and cancels it there with a reason, and each change
 * reaches the subscriber within seconds, signed both ways, with the fields a CRM or a Slack flow reads.
 */
import { expect, test } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { E2E_API_KEY } from './env'
import { waitForHydration } from './support/hydration'
import { chooseSlot, confirmButton, fillContact, goToBookableDay, moveToDay, openBookingModal, openNotes, shownDay } from '../support/pages/bookingForm'
import { manageButton, newSlotButtons, reasonField, stepHeading } from '../support/pages/manageBooking'
import { typeInto } from '../support/typing'
import { calSignatureValid, standardSignatureValid, WebhookReceiver, type Delivery } from '../support/webhookReceiver'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ', viewport: { width: 390, height: 844 }, hasTouch: true })

// An address and a day of its own, so the other specs' bookings on the same server are not taken for this one's.
const VISITOR = { name: 'Webhook Walker', email: `webhook.walker.${randomBytes(3).toString('hex')}@example.com` }
const NOTE = 'Leads from our Facebook ads into HubSpot'
const DAYS_AHEAD = 17

test('booking, moving and cancelling on the site reach the subscriber within seconds, signed, in Cal.com’s shape', async ({ page, request }) => {
  test.setTimeout(120_000)
  const receiver = new WebhookReceiver()
  await receiver.start()
  const secret = randomBytes(32).toString('hex')
  const auth = { Authorization: `Bearer ${E2E_API_KEY}` }
  const made = await request.post('/v2/webhooks', {
    headers: auth,
    data: { subscriberUrl: receiver.url, triggers: ['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'], active: true, secret },
  })
  expect(made.status()).toBe(201)
  const hookId = ((await made.json()) as { data: { id: number } }).data.id
  /** The deliveries of `trigger` for this visitor, once one has come. */
  const arrived = async (trigger: string): Promise<Delivery> => {
    const mine = () =>
      receiver.received.filter(
        (d) => d.json.triggerEvent === trigger && (d.json.payload?.attendees as { email: string }[] | undefined)?.[0]?.email === VISITOR.email,
      )
    await expect.poll(() => mine().length, { timeout: 10_000, message: `${trigger} for ${VISITOR.email}` }).toBe(1)
    const [delivery] = mine()
    expect(calSignatureValid(delivery!, secret)).toBe(true)
    expect(standardSignatureValid(delivery!, secret)).toBe(true)
    return delivery!
  }

  try {
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await goToBookableDay(dialog, DAYS_AHEAD)
    const day = (await shownDay(dialog).textContent())!
    await chooseSlot(dialog, 2)
    await fillContact(dialog, VISITOR.name, VISITOR.email)
    await typeInto(await openNotes(dialog), NOTE)
    await confirmButton(dialog).tap()
    const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed' })
    await expect(toast).toBeInViewport({ timeout: 15_000 })
    const joinUrl = (await toast.getByRole('link', { name: /^https:\/\/meet\.jit\.si\// }).getAttribute('href'))!

    const created = (await arrived('BOOKING_CREATED')).json.payload!
    expect(created).toMatchObject({
      type: 'quick-chat',
      additionalNotes: NOTE,
      attendees: [{ name: VISITOR.name, email: VISITOR.email, timeZone: 'Pacific/Auckland' }],
      location: joinUrl,
      metadata: { videoCallUrl: joinUrl },
      status: 'ACCEPTED',
    })
    const uid = created.uid as string

    // The manage page, as the visitor's email links it.
    await page.goto(`/booking/${uid}`)
    await waitForHydration(page)
    const main = page.getByRole('main')
    await expect(stepHeading(main)).toHaveText('Your call is booked')
    await manageButton(main, 'Reschedule').tap()
    await moveToDay(main, day)
    await expect(newSlotButtons(main).first()).toBeVisible({ timeout: 10_000 })
    await newSlotButtons(main).nth(5).tap()
    await manageButton(main, 'Move my call').tap()
    await expect(stepHeading(main)).toHaveText('Your call has moved')
    const moved = (await arrived('BOOKING_RESCHEDULED')).json.payload!
    expect(moved).toMatchObject({ uid, rescheduleUid: uid, rescheduleStartTime: created.startTime, rescheduledBy: VISITOR.email, location: joinUrl })
    expect(moved.startTime).not.toBe(created.startTime)

    await page.goto(`/booking/${uid}`)
    await waitForHydration(page)
    await manageButton(main, 'Cancel this call').tap()
    await typeInto(reasonField(main), 'Found a partner already')
    await manageButton(main, 'Yes, cancel the call').tap()
    await expect(stepHeading(main)).toHaveText('Your call is cancelled')
    await expect(stepHeading(main)).toBeInViewport()
    const cancelled = (await arrived('BOOKING_CANCELLED')).json.payload!
    expect(cancelled).toMatchObject({ uid, status: 'CANCELLED', cancellationReason: 'Found a partner already', cancelledBy: VISITOR.email, startTime: moved.startTime })
  } finally {
    await request.delete(`/v2/webhooks/${hookId}`, { headers: auth })
    await receiver.stop()
  }
})
