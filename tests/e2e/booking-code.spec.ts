/**
 * The email-code step in the browser (docs/design.md#email-codes), on the built site and the real server, nothing
 * routed: the e2e server books without codes (BOOKING_VERIFY=off, tests/e2e/env.ts), so this spec starts the same
 * build's compiled server once more, per worker, with BOOKING_VERIFY=always, on its own port and data directory
 * (whose outbox is the visitor's mailbox). No second build: only the server's setting differs.
 */
import { expect, test as base } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { codeSentSentence, wrongCodeSentence } from '../../core/emailVerification'
import { PROOF_OF_WORK_SENTENCE } from '../../core/proofOfWork'
import { E2E_ORIGIN, E2E_PORT, e2eEnv } from './env'
import { readOutbox } from '../support/outbox'
import { chooseSlot, codeField, confirmButton, fillContact, goToBookableDay, openBookingModal, resendCodeButton, typeInto } from '../support/pages/bookingForm'

/** The site asking every booking for a code: its origin and the data directory whose outbox holds the codes. */
interface CodeSite {
  origin: string
  dataDir: string
}

// Past the voice variants' ports (E2E_PORT + 1 to + 3): one server per worker.
const CODE_PORT = E2E_PORT + 10
const DIST_DIR = join(import.meta.dirname, `../../.tmp/e2e-dist-${E2E_PORT}`)

async function startCodeSite(port: number): Promise<{ site: CodeSite; server: ChildProcess }> {
  const origin = `http://127.0.0.1:${port}`
  const dataDir = await mkdtemp(join(tmpdir(), 'agency-e2e-codes-'))
  const { E2E_DATA_DIR: _served, ...env } = e2eEnv
  // The build the default web server serves (built before any test runs); the same settings but the port, the
  // data directory, the links in emails, and codes asked of every booking.
  const server = spawn(process.execPath, [join(DIST_DIR, 'server/main.js')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: origin, DIST_DIR, DATA_DIR: dataDir, HOST: '127.0.0.1', BOOKING_VERIFY: 'always' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // A new data directory: PGlite's first start there takes several seconds, more on a busy machine (503 meanwhile).
  try {
    await expect
      .poll(async () => (await fetch(`${origin}/robots.txt`).catch(() => null))?.status, { timeout: 60_000, message: `the code site on ${origin}` })
      .toBe(200)
  } catch (error) {
    // Not left running on its port, for the next worker or the next run; its data directory stays, to be read.
    server.kill('SIGTERM')
    throw error
  }
  return { site: { origin, dataDir }, server }
}

const test = base.extend<object, { codeSite: CodeSite }>({
  codeSite: [
    // Playwright reads a fixture's dependencies from this pattern: it has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { site, server } = await startCodeSite(CODE_PORT + workerInfo.workerIndex)
      await use(site)
      server.kill('SIGTERM')
      await once(server, 'exit')
      await rm(site.dataDir, { recursive: true, force: true })
    },
    // Its own time (not the first test's): up to a minute for the server to start, then its stop.
    { scope: 'worker', timeout: 90_000 },
  ],
})

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })

/** The code in the newest code email to `email`, once the mail worker has written it (its subject starts with it). */
async function emailedCode(site: CodeSite, email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox(site.dataDir)).filter((m) => m.to.includes(email))
        code = /^(\d{6}) is your code/.exec(mails.at(-1)?.subject ?? '')?.[1]
        return code
      },
      { timeout: 15_000, message: `a code email to ${email} in ${site.dataDir}/outbox` },
    )
    .toBeDefined()
  return code!
}

for (const [size, viewport, slot] of [
  ['phone', { width: 390, height: 844 }, 0],
  ['desktop', { width: 1280, height: 800 }, 1],
] as const) {
  test(`${size}: the code step asks for the emailed code, refuses a wrong one at the field, and the emailed one books`, async ({ browser, codeSite }) => {
    test.setTimeout(90_000)
    expect(codeSite.origin).not.toBe(E2E_ORIGIN)
    const context = await browser.newContext({ baseURL: codeSite.origin, viewport, hasTouch: size === 'phone', isMobile: size === 'phone' })
    const page = await context.newPage()
    const email = `${size}.code@example.com`
    // What the form sends and hears back: the browser proves its work before the code is emailed.
    const exchanges: { sent: { altcha?: string }; at: number; status: number; code?: string }[] = []
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/book/event')) return
      const answer = (await response.json().catch(() => ({}))) as { code?: string }
      exchanges.push({ sent: response.request().postDataJSON() as { altcha?: string }, at: Date.now(), status: response.status(), code: answer.code })
    })
    await page.goto('/')
    const dialog = await openBookingModal(page)
    await goToBookableDay(dialog)
    await chooseSlot(dialog, slot)
    await fillContact(dialog, 'Code Visitor', email)
    // The phone is four times slower than this machine while it proves its work (a figure printed, not a limit).
    const cdp = size === 'phone' ? await context.newCDPSession(page) : undefined
    await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await confirmButton(dialog).click()

    // The server emailed a code: its sentence, one field for the code (the focus is there), and nothing booked yet.
    await expect(dialog.getByRole('status').filter({ hasText: codeSentSentence(email) })).toBeVisible({ timeout: 15_000 })
    await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // First a challenge, solved in the browser's workers and sent back with the booking, then the code
    // (docs/email-codes.md#proof-of-work). The visitor saw neither the challenge nor its sentence.
    await expect.poll(() => exchanges.map((e) => [e.status, e.code, e.sent.altcha !== undefined])).toEqual([
      [403, 'proof_of_work_required', false],
      [403, 'email_verification_required', true],
    ])
    console.info(`${size}${cdp ? ' (4x CPU)' : ''}: the proof of work took ${exchanges[1]!.at - exchanges[0]!.at} ms from the challenge to the answer with its solution`)
    await expect(dialog.getByText(PROOF_OF_WORK_SENTENCE)).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath(`code-step-after-proof-${size}.png`) })
    const field = codeField(dialog)
    await expect(field).toBeFocused()
    await expect(field).toBeInViewport()
    await expect(field).toHaveAttribute('inputmode', 'numeric')
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(resendCodeButton(dialog)).toBeEnabled()
    const code = await emailedCode(codeSite, email)

    // A wrong code, typed key by key: refused with a sentence at the field, the step goes on.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await typeInto(field, wrong)
    await confirmButton(dialog).click()
    await expect(field).toHaveAccessibleDescription(wrongCodeSentence(4))
    await expect(field).toBeFocused()
    await expect(dialog).toBeVisible()

    // The emailed code books the call.
    await typeInto(field, code)
    await expect(field).not.toHaveAttribute('aria-invalid')
    await confirmButton(dialog).click()
    const toast = page.getByRole('status').filter({ hasText: `Booking confirmed! You'll receive a confirmation email at ${email}` })
    await expect(toast).toBeVisible({ timeout: 15_000 })
    await expect(dialog).toBeHidden()
    await context.close()
  })

  test(`${size}: closed in the code step (to read the email) and filled again, the form asks for the code already sent, which books`, async ({ browser, codeSite }) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ baseURL: codeSite.origin, viewport, hasTouch: size === 'phone', isMobile: size === 'phone' })
    const page = await context.newPage()
    const email = `${size}.reopened@example.com`
    await page.goto('/')
    let dialog = await openBookingModal(page)
    await goToBookableDay(dialog)
    await chooseSlot(dialog, slot + 2)
    await fillContact(dialog, 'Code Reopener', email)
    await confirmButton(dialog).click()
    await expect(codeField(dialog)).toBeFocused({ timeout: 15_000 })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Opened again, the form starts afresh; the same time and address: the code sent a moment ago is the one to enter.
    dialog = await openBookingModal(page)
    await goToBookableDay(dialog)
    await chooseSlot(dialog, slot + 2)
    await fillContact(dialog, 'Code Reopener', email)
    await confirmButton(dialog).click()
    const sentence = new RegExp(`^We emailed a code to ${email.replace(/[.]/g, '\\.')} less than a minute ago\\. Please enter it, or ask for a new one in \\d+ seconds?\\.$`)
    await expect(dialog.getByRole('status').filter({ hasText: sentence })).toBeInViewport({ timeout: 15_000 })
    const field = codeField(dialog)
    await expect(field).toBeFocused()
    await expect(field).toBeInViewport()
    // Still one code email: none was sent again.
    const code = await emailedCode(codeSite, email)
    expect((await readOutbox(codeSite.dataDir)).filter((m) => m.to.includes(email) && /is your code/.test(m.subject))).toHaveLength(1)

    await typeInto(field, code)
    await confirmButton(dialog).click()
    await expect(page.getByRole('status').filter({ hasText: `Booking confirmed! You'll receive a confirmation email at ${email}` })).toBeVisible({ timeout: 15_000 })
    await context.close()
  })
}
