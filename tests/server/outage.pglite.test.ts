/**
 * A full data disk under PGlite (docs/operations.md#outages): a real ENOSPC, on a small tmpfs of the test's own (root
 * only; skipped elsewhere). Bookings that cannot be written answer 503 with Retry-After and a sentence, never 500;
 * `/readyz` says the disk is full; once there is room again both recover with nothing restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type BookingStore } from '../../server/db/store'
import { bookingBody, capturedLogger, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, weekdaySlots, type RunningServer } from './support/harness'
import { tinyDisk, type TinyDisk } from './support/tinyDisk'

const UNAVAILABLE = 'Bookings are unavailable for a moment on our side. Please try again shortly.'


const disk = await tinyDisk(64)
const describeOnDisk = disk ? describe : describe.skip
if (!disk) console.warn('The full-disk test is skipped: it mounts a tmpfs of its own, which needs root.')

describeOnDisk('PGlite on a full disk', () => {
  const d = disk as TinyDisk
  const log = capturedLogger()
  let store: BookingStore
  let server: RunningServer

  beforeAll(async () => {
    store = await openStore({ dataDir: `${d.dir}/data` })
    server = await startServer({
      config: testConfig(),
      store,
      clock: testClock(),
      logger: log.logger,
      health: { state: () => 'ready', checkDatabase: () => store.checkReady() },
    })
  })
  afterAll(async () => {
    await server?.close()
    await store?.close()
    await d.unmount()
  })

  const readiness = async () => {
    const response = await fetch(`${server.url}/readyz`)
    return [response.status, await response.json()]
  }

  it('answers the bookings it cannot write 503 with Retry-After, says "disk full" at /readyz, and recovers once there is room', async () => {
    const slots = weekdaySlots(200)
    expect((await postBooking(server.url, bookingBody(slots[0] as string))).status).toBe(200)
    expect(await readiness()).toEqual([200, { status: 'ready' }])

    await d.fill()
    expect(await readiness()).toEqual([503, { status: 'disk full' }])
    // Small rows may still fit in pages the tables have: book until one needs new space.
    const answers: { status: number; retryAfter: string | null; cacheControl: string | null; body: unknown }[] = []
    for (const start of slots.slice(1)) {
      const response = await postBooking(server.url, bookingBody(start))
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), cacheControl: response.headers.get('cache-control'), body: await response.json() })
      if (response.status !== 200) break
    }
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([])
    expect(answers.at(-1)).toEqual({ status: 503, retryAfter: '30', cacheControl: 'no-store', body: { message: UNAVAILABLE } })
    // Reading needs no space: the slots still load.
    const slotsAnswer = await fetch(`${server.url}${slotsPath(slotsInput('2026-11-26T11:00:00.000Z', '2026-12-05T11:00:00.000Z'))}`)
    expect(slotsAnswer.status).toBe(200)
    expect(log.records().find((r) => r.msg === 'Unavailable: the database’s disk is full')).toMatchObject({ level: 50, outage: 'disk', err: { code: '53100' } })
    console.info(`Full disk: ${answers.length - 1} booking(s) still fitted, then 503`)

    await d.free()
    expect(await readiness()).toEqual([200, { status: 'ready' }])
    const again = await postBooking(server.url, bookingBody(slots[answers.length] as string))
    expect(again.status).toBe(200)
  }, 60_000)
})
