/**
 * Webhooks through the server process: an event committed with its booking survives kill -9 before it is delivered,
 * and the next start delivers it once, with the same webhook-id; `npm run webhooks` then lists the subscription and its
 * delivery; no line of either process's output holds the API key, the secret or the subscriber's URL.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingBody, postBooking } from './support/harness'
import { BOOKABLE_ANY_TIME, ROOT, startServerProcess, writeMinimalSite, type ServerProcess } from './support/serverProcess'
import { calSignatureValid, standardSignatureValid, WebhookReceiver } from '../support/webhookReceiver'

const API_KEY = randomBytes(24).toString('hex')
const SECRET = randomBytes(32).toString('hex')

describe('webhooks through the server process', () => {
  let work: string
  let env: Record<string, string>
  const started: ServerProcess[] = []
  const receiver = new WebhookReceiver('/webhook/3f1c9e0a-77aa-4d1e-9c7e-cal-trigger')

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'agency-webhooks-'))
    await writeMinimalSite(join(work, 'dist'))
    env = {
      DIST_DIR: join(work, 'dist'),
      DATA_DIR: join(work, 'data'),
      SHUTDOWN_DELAY_MS: '0',
      BOOKING_VERIFY: 'off',
      API_KEY,
      // A self-hosted n8n on this machine.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRIES: '2s,2s,2s',
      LOG_LEVEL: 'debug',
      ...BOOKABLE_ANY_TIME,
    }
    await receiver.start()
  })

  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
    await Promise.all(started.map((server) => server.exited))
    await receiver.stop()
    await rm(work, { recursive: true, force: true })
  })

  it('loses nothing to kill -9 between the booking’s commit and its delivery, and delivers it once after the restart', async () => {
    let server = await startServerProcess(env)
    started.push(server)
    await server.ready()
    const subscribed = await fetch(`${server.url}/v2/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriberUrl: receiver.url, triggers: ['BOOKING_CREATED'], active: true, secret: SECRET }),
    })
    expect(subscribed.status).toBe(201)

    // The subscriber is down for the first attempt (503): the event is committed and not delivered when the process dies.
    receiver.answers = [503]
    const start = Temporal.Now.zonedDateTimeISO('UTC').startOfDay().add({ days: 2, hours: 10 })
    const response = await postBooking(server.url, bookingBody(`${start.toPlainDateTime().toString().slice(0, 16)}[UTC]`))
    expect(response.status).toBe(200)
    const { uid } = (await response.json()) as { uid: string }
    await expect.poll(() => receiver.of(uid).length, { timeout: 10_000 }).toBe(1)
    // Its failure recorded, the retry due in 2 s: kill -9 now.
    await new Promise((resolve) => setTimeout(resolve, 400))
    server.child.kill('SIGKILL')
    expect(await server.exited).toBe('SIGKILL')
    const before = server.output()

    server = await startServerProcess(env)
    started.push(server)
    await server.ready()
    await expect.poll(() => receiver.of(uid).length, { timeout: 15_000 }).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const [failed, delivered] = receiver.of(uid)
    expect(receiver.of(uid)).toHaveLength(2)
    expect([failed!.answered, delivered!.answered]).toEqual([503, 200])
    expect(delivered!.headers['webhook-id']).toBe(failed!.headers['webhook-id'])
    expect(calSignatureValid(delivered!, SECRET)).toBe(true)
    expect(standardSignatureValid(delivered!, SECRET)).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)

    // `npm run webhooks`: the subscription by its origin only, and its delivery.
    const listed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/webhooks.ts'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' })
    expect(listed.status, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(/^Webhook 1 {2}on {2}http:\/\/127\.0\.0\.1:\d+\/… {2}\(made at \/v2\/webhooks, signed with its secret\)$/m)
    expect(listed.stdout).toContain('Triggers: BOOKING_CREATED')
    expect(listed.stdout).toMatch(/BOOKING_CREATED +delivered +2 attempts, last answer 200/)
    expect(listed.stdout).toContain('1 webhook (PGlite in ')

    for (const text of [before, server.output(), listed.stdout, listed.stderr]) {
      expect(text).not.toContain(API_KEY)
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('cal-trigger')
    }
    // The attempts are in the log by id and status.
    expect(before).toMatch(/webhook delivery 1 \(BOOKING_CREATED to webhook 1, attempt 1\) failed; next try at .* \(status 503/)
    expect(server.output()).toMatch(/webhook delivery 1 \(BOOKING_CREATED to webhook 1, attempt 2\) delivered \(status 200/)
  }, 120_000)
})
