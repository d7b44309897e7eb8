import { describe, expect, it } from 'vitest'
import { createApi } from '../../server/api/createApi'
import { bookingBody, rejectingStore, slotsInput, slotsPath, testClock, testConfig } from './support/harness'

/** A database that is down: every call fails. */
const brokenStore = rejectingStore(() => new Error('connection refused'))

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
})

describe('the API when the database fails', () => {
  const api = createApi({ config: testConfig(), store: brokenStore, clock: testClock().read })
  const quiet = <T>(run: () => Promise<T>) => {
    const original = console.error
    console.error = () => undefined
    return run().finally(() => (console.error = original))
  }

  it('answers the slots route with a tRPC 500', async () => {
    const response = await quiet(() =>
      Promise.resolve(
        api.request(slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')).replace('/api', '')),
      ),
    )
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ error: { json: { data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } } })
  })

  it('answers a booking with a 500 message, never a stack', async () => {
    const response = await quiet(() => Promise.resolve(api.request('/book/event', post(bookingBody('2026-11-24T10:00')))))
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.' })
  })
})

describe('rate limits behind a proxy', () => {
  const invalid = { not: 'a booking' }

  it('count the last X-Forwarded-For address when TRUST_PROXY is on', async () => {
    const api = createApi({
      config: testConfig({ RATE_LIMIT_BOOKINGS: '1', TRUST_PROXY: 'true' }),
      store: brokenStore,
      clock: testClock().read,
    })
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '1.1.1.1, 10.0.0.1' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '1.1.1.1, 10.0.0.2' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.1' }))).status).toBe(429)
  })

  it('ignore X-Forwarded-For when TRUST_PROXY is off', async () => {
    const api = createApi({ config: testConfig({ RATE_LIMIT_BOOKINGS: '1' }), store: brokenStore, clock: testClock().read })
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.1' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.2' }))).status).toBe(429)
  })
})
