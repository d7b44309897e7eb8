/**
 * Each booking written into the host's CalDAV calendar (a real Radicale) through the
 * mail outbox: created on booking, moved on a reschedule (same UID, SEQUENCE + 1), removed on a
 * cancellation; the CalDAV server down then up: written once; our own event read back does not block.
 */
import { calendarUid } from '../../server/calendar/calendarUid'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { caldavWriter } from '../../server/calendar/caldavWriter'
import { caldavFromConfig, hostCalendarFromConfig } from '../../server/calendar/fromConfig'
import type { HostCalendar } from '../../server/calendar/hostCalendar'
import { openStore, type BookingStore } from '../../server/db/store'
import { createLogger } from '../../server/log/logger'
import { createMailer } from '../../server/mail/mailer'
import { mailSettings } from '../../server/mail/settings'
import type { MailWorker } from '../../server/mail/worker'
import { bookingBody, localTimes, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './support/harness'
import { describeWithRadicale, startRadicale, type Radicale } from './support/radicale'

const NZ = 'Pacific/Auckland'
describeWithRadicale('bookings written into the host’s CalDAV calendar (Radicale)', () => {
  let radicale: Radicale
  let dir: string
  let store: BookingStore
  let server: RunningServer
  let worker: MailWorker
  let calendar: HostCalendar
  const clock = testClock()
  const logLines: string[] = []

  beforeAll(async () => {
    radicale = await startRadicale()
    await radicale.makeCalendar('personal', 'Personal')
    await radicale.makeCalendar('bookings', 'Client calls')
    dir = await mkdtemp(join(tmpdir(), 'calendar-writes-'))
    store = await openStore({ dataDir: join(dir, 'db') })
    const config = testConfig({
      CALDAV_URL: radicale.url,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      CALDAV_CALENDAR: 'Client calls',
    })
    const caldav = caldavFromConfig(config)
    if (!caldav) throw new Error('CalDAV not configured')
    const writer = caldavWriter({ account: caldav.account, store, settings: mailSettings(config, store.calendarSecret), now: () => clock.now.toString() })
    worker = createMailer({ config, store, dataDir: dir, clock: clock.read, log: (line) => logLines.push(line), pollMs: 60_000, calendar: writer })
    worker.start()
    const logger = createLogger({ level: 'silent' })
    calendar = hostCalendarFromConfig({ config, store, log: logger, now: () => clock.now.epochMilliseconds, caldav }) as HostCalendar
    await calendar.refresh()
    server = await startServer({ config, store, clock, onMailQueued: worker.wake, calendar })
  })

  afterAll(async () => {
    await worker?.stop()
    await calendar?.stop()
    await server?.close()
    await store?.close()
    await radicale?.dispose()
    await rm(dir, { recursive: true, force: true })
  })

  /** Waits until every calendar job of the booking is settled (sent or failed), or, `retrying`, one failed and waits for its retry. */
  async function settled(uid: string, retrying = false) {
    const deadline = Date.now() + 15_000
    for (;;) {
      const jobs = (await store.mailJobs.forBooking(uid)).filter((job) => job.recipient === 'calendar')
      const done = retrying ? jobs.some((job) => job.status === 'pending' && job.lastError !== null) : jobs.every((job) => job.status !== 'pending')
      if (jobs.length > 0 && done) return jobs
      if (Date.now() > deadline) throw new Error(`calendar jobs not settled: ${JSON.stringify(jobs)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  /** The calendar's events of the booking whose manage uid is `uid`: their UID is derived from the booking, never that uid. */
  const eventsWith = async (uid: string) => {
    const row = await store.find(uid)
    if (!row) throw new Error(`no booking ${uid}`)
    const eventUid = calendarUid(store.calendarSecret, row.id, 'kiwi-automate')
    const events = [...(await radicale.list('bookings')).values()]
    expect(events.filter((ics) => ics.includes(`UID:${uid}`))).toEqual([])
    return events.filter((ics) => ics.includes(`UID:${eventUid}`))
  }
  const book = async (start: string, notes?: string) => {
    const responses = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], ...(notes ? { notes } : {}) }
    const response = await postBooking(server.url, bookingBody(start, { responses }))
    expect(response.status).toBe(200)
    return ((await response.json()) as { uid: string }).uid
  }

  it('creates the event on booking, moves it on a reschedule and removes it on a cancellation', async () => {
    const uid = await book('2026-11-25T10:00', 'Pricing for 5 people\nand a timeline')
    await settled(uid)
    const [created = ''] = (await eventsWith(uid)).map((ics) => ics.replace(/\r\n[ \t]/g, ''))
    expect(created).toContain('DTSTART:20261124T210000Z')
    expect(created).toContain('SEQUENCE:0')
    // Who booked and what they want to discuss, for the host's eyes.
    expect(created).toMatch(/DESCRIPTION:Join the call: https:\/\/meet\.jit\.si\/[0-9a-f]{24}\\nBooked by Aroha Ngata <aroha@example.co.nz>.\\nNotes: Pricing for 5 peopl/)
    // Where the call happens, in the fields calendars show as a place and as a join button.
    expect(created).toMatch(/\r\nLOCATION:https:\/\/meet\.jit\.si\/[0-9a-f]{24}\r\n/)
    // The calendar server may reorder the parameters.
    expect(created).toMatch(/\r\nCONFERENCE;[^\r]*VALUE=URI[^\r]*:https:\/\/meet\.jit\.si\/[0-9a-f]{24}\r\n/)
    expect(created).toContain(`/booking/${uid}`)
    expect(created).not.toMatch(/^METHOD|^ATTENDEE|^ORGANIZER/m)
    expect(await radicale.list('personal')).toEqual(new Map())

    const moved = await postBooking(server.url, { ...bookingBody('2026-11-26T14:00'), responses: undefined, rescheduleUid: uid })
    expect(moved.status).toBe(200)
    await settled(uid)
    const after = await eventsWith(uid)
    expect(after).toHaveLength(1)
    expect(after[0]).toContain('DTSTART:20261126T010000Z')
    expect(after[0]).toContain('SEQUENCE:1')

    const cancelled = await fetch(`${server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })
    expect(cancelled.status).toBe(200)
    await settled(uid)
    expect(await eventsWith(uid)).toEqual([])
  })

  it('writes once when the CalDAV server was down and comes back', async () => {
    await radicale.stop()
    const uid = await book('2026-11-27T11:00')
    const [failed] = await settled(uid, true)
    expect(failed?.status).toBe('pending')
    expect(failed?.lastError).toMatch(/could not connect/)
    await radicale.start()
    // The retry is due after the backoff, on the injected clock.
    clock.now = clock.now.add({ minutes: 1 })
    worker.wake()
    const jobs = await settled(uid)
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([['sent', 2]])
    expect(await eventsWith(uid)).toHaveLength(1)
    expect(logLines.join('\n')).not.toContain(radicale.password)
    clock.now = clock.now.subtract({ minutes: 1 })
  })

  it('does not count our own event read back from the calendar as busy', async () => {
    const uid = await book('2026-11-30T10:00')
    await settled(uid)
    expect(await eventsWith(uid)).toHaveLength(1)
    await calendar.refresh()
    // The event is in the calendar, but it is ours: once the booking is cancelled (and before the
    // delete has run) the slot is free again.
    await worker.stop()
    const cancelled = await fetch(`${server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })
    expect(cancelled.status).toBe(200)
    await calendar.refresh()
    expect(await eventsWith(uid)).toHaveLength(1)
    const response = await fetch(server.url + slotsPath(slotsInput('2026-11-29T11:00:00.000Z', '2026-11-30T11:00:00.000Z', NZ)))
    const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
    expect(localTimes(body.result.data.json.slots, NZ)).toContain('2026-11-30 10:00')
  })
})
