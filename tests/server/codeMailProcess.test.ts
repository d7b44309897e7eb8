/**
 * A code's email through kill -9 (docs/design.md#email-codes), with the server process on PGlite: the email in flight
 * when the process dies goes at once after the restart (PGlite releases its own leases), unless a newer code was
 * written meanwhile, in which case it is dropped and only the newer one lands. No stale code reaches the visitor.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { openStore } from '../../server/db/store'
import { emailCodes } from '../../server/scheduler/emailCodes'
import { bookingBody, postBooking, postBookingAsTheForm } from './support/harness'
import { solvedProof } from './support/proofOfWork'
import { BOOKABLE_ANY_TIME, freePort, startServerProcess, writeMinimalSite, type ServerProcess } from './support/serverProcess'
import { SmtpSink } from './support/smtpSink'

const VISITOR = 'aroha@example.co.nz'

/** The start of a slot two days ahead, in the visitor's zone as the form sends it. */
const slot = (index: number) => `${Temporal.Now.zonedDateTimeISO('UTC').startOfDay().add({ days: 2, minutes: 15 * index }).toPlainDateTime().toString().slice(0, 16)}[UTC]`

describe('a code’s email through kill -9', () => {
  let work: string
  let env: Record<string, string>
  const started: ServerProcess[] = []
  const sink = new SmtpSink()
  /** An SMTP server that takes connections and never greets: a message stays in flight (nodemailer waits 30 s). */
  let stall: Server
  let stallPort: number
  const stalled: Socket[] = []

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'agency-code-mail-'))
    await writeMinimalSite(join(work, 'dist'))
    env = { DIST_DIR: join(work, 'dist'), SHUTDOWN_DELAY_MS: '0', BOOKING_VERIFY: 'always', HOST_EMAIL: 'team@kiwi.example', ...BOOKABLE_ANY_TIME }
    await sink.start()
    stallPort = await freePort()
    stall = createServer((socket) => void stalled.push(socket))
    await new Promise<void>((resolve) => stall.listen(stallPort, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
    await Promise.all(started.map((server) => server.exited))
    for (const socket of stalled) socket.destroy()
    await new Promise((resolve) => stall.close(resolve))
    await sink.stop()
    await rm(work, { recursive: true, force: true })
  })

  const start = async (extra: Record<string, string>) => {
    const server = await startServerProcess({ ...env, ...extra })
    started.push(server)
    await server.ready(120_000)
    return server
  }
  const codeMails = () => sink.received.filter((m) => m.envelopeTo.includes(VISITOR) && /is your code/.test(m.parsed.subject ?? ''))
  const codeOf = (index: number) => /^(\d{6}) /.exec(codeMails()[index]?.parsed.subject ?? '')?.[1] as string

  /** A server whose code email is in flight to an SMTP server that never answers, killed with SIGKILL. */
  async function killedWithCodeInFlight(dataDir: string, start: string) {
    const connections = stalled.length
    const server = await startServerProcess({ ...env, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${stallPort}` })
    started.push(server)
    await server.ready(120_000)
    const asked = await postBookingAsTheForm(server.url, bookingBody(start))
    const answeredAt = Temporal.Now.instant()
    expect([asked.status, ((await asked.json()) as { code: string }).code]).toEqual([403, 'email_verification_required'])
    await expect.poll(() => stalled.length, { timeout: 10_000 }).toBeGreaterThan(connections)
    server.child.kill('SIGKILL')
    expect(await server.exited).toBe('SIGKILL')
    return answeredAt
  }

  it('sends the email that was in flight at once after the restart, not when its lease runs out; its code books', async () => {
    const dataDir = join(work, 'data-resent')
    await killedWithCodeInFlight(dataDir, slot(40))
    const before = codeMails().length
    const restarted = Date.now()
    const server = await start({ DATA_DIR: dataDir, SMTP_URL: sink.url })
    await expect.poll(() => codeMails().length, { timeout: 20_000, interval: 50 }).toBe(before + 1)
    console.info(`The code's email in flight at kill -9 arrived ${Date.now() - restarted} ms after the restart`)
    const booked = await postBooking(server.url, bookingBody(slot(40), { emailVerificationCode: codeOf(before) }))
    expect(booked.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 300_000)

  it('drops the email in flight at kill -9 once a newer code was written meanwhile: only the newer one lands, and it books', async () => {
    const dataDir = join(work, 'data-stale')
    const firstCodeAt = await killedWithCodeInFlight(dataDir, slot(41))
    // Meanwhile the visitor asked again a minute later (one code a minute), through another instance: a newer code and
    // its email, due then: the restarted server drops the first at once and sends the newer one at its moment.
    const store = await openStore({ dataDir })
    try {
      const codes = emailCodes({ config: loadConfig({ ...env, DATA_DIR: dataDir, SMTP_URL: sink.url }), store, newId: randomUUID })
      const request = { email: VISITOR, code: undefined, channel: 'web', clients: [] } as const
      const later = firstCodeAt.add({ seconds: 60, milliseconds: 1 })
      const challenged = await codes.ask(request, later)
      const asked = await codes.ask({ ...request, proof: await solvedProof(challenged.challenge) }, later)
      expect(asked.code).toBe('codeRequired')
    } finally {
      await store.close()
    }
    const before = codeMails().length
    const server = await start({ DATA_DIR: dataDir, SMTP_URL: sink.url })
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/dropped: its code was used, or a newer code replaces it/)
    await expect.poll(() => codeMails().length, { timeout: 100_000, interval: 100 }).toBe(before + 1)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(codeMails()).toHaveLength(before + 1)
    const booked = await postBooking(server.url, bookingBody(slot(41), { emailVerificationCode: codeOf(before) }))
    expect(booked.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 360_000)
})
