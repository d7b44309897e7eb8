/**
 * The agency's desk (docs/desk.md) in the browser, on the built site and the real server, nothing routed: this spec
 * starts the same build's compiled server once more with the desk's address set, under libfaketime, whose offset
 * (a file the spec writes) moves the server's whole clock, PGlite's included, so a booked call's start can pass.
 * The browser's clock is moved with it (page.clock). The outbox of its data directory is the mailbox.
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DESK_TEXTS } from '../../core/deskWire'
import { readOutbox, type ReceivedMail } from '../support/outbox'
import { bookingPayload } from '../support/bookingPayload'
import { typeDay, typeInto } from '../support/typing'
import { expectNoAxeViolations } from './support/axe'
import { E2E_PORT, e2eEnv } from './env'

/** libfaketime's multi-threaded build, as Debian's `faketime` package installs it (.ci/run installs it). */
const FAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1'
const DESK_PORT = E2E_PORT + 20
const DIST_DIR = join(import.meta.dirname, `../../.tmp/e2e-dist-${E2E_PORT}`)
const OWNER = 'owner@kiwi-automate.example'
const STRANGER = 'stranger@example.com'
const ZONE = 'Pacific/Auckland'

interface DeskSite {
  origin: string
  dataDir: string
  /** Moves the server's clock `seconds` ahead of the real one (from the next clock read on). */
  shiftClock: (seconds: number) => Promise<void>
}

async function startDeskSite(port: number): Promise<{ site: DeskSite; server: ChildProcess }> {
  const origin = `http://127.0.0.1:${port}`
  const dataDir = await mkdtemp(join(tmpdir(), 'agency-e2e-desk-'))
  const clockFile = join(dataDir, 'faketime')
  await writeFile(clockFile, '+0\n')
  const { E2E_DATA_DIR: _served, ...env } = e2eEnv
  const server = spawn(process.execPath, [join(DIST_DIR, 'server/main.js')], {
    env: {
      ...process.env,
      ...env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: origin,
      DIST_DIR,
      DATA_DIR: join(dataDir, 'data'),
      HOST: '127.0.0.1',
      DESK_EMAILS: OWNER,
      SCHEDULE_TIME_ZONE: ZONE,
      // Read at every clock read, so writing the file moves the clock; the monotonic clock is left alone (timers).
      LD_PRELOAD: FAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  try {
    await expect
      .poll(async () => (await fetch(`${origin}/robots.txt`).catch(() => null))?.status, { timeout: 60_000, message: `the desk site on ${origin}` })
      .toBe(200)
  } catch (error) {
    server.kill('SIGTERM')
    throw error
  }
  const shiftClock = (seconds: number) => writeFile(clockFile, `+${seconds}\n`)
  return { site: { origin, dataDir: join(dataDir, 'data'), shiftClock }, server }
}

const test = base.extend<object, { deskSite: DeskSite }>({
  deskSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { site, server } = await startDeskSite(DESK_PORT + workerInfo.workerIndex)
      await use(site)
      server.kill('SIGTERM')
      await once(server, 'exit')
      await rm(join(site.dataDir, '..'), { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 90_000 },
  ],
})

test.skip(!existsSync(FAKETIME), `libfaketime is not installed (${FAKETIME}); .ci/run installs Debian's faketime`)

/** The slots the server offers from `from` for `days` days, as ISO instants. */
async function offeredSlots(request: APIRequestContext, origin: string, from: Date, days: number): Promise<string[]> {
  const json = {
    isTeamEvent: false,
    usernameList: ['kiwi-automate'],
    eventTypeSlug: 'quick-chat',
    startTime: from.toISOString(),
    endTime: new Date(from.getTime() + days * 86_400_000).toISOString(),
    timeZone: ZONE,
  }
  const answer = await request.get(`${origin}/api/calendar/slots?input=${encodeURIComponent(JSON.stringify({ json }))}`)
  expect(answer.status()).toBe(200)
  const body = (await answer.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
  return Object.values(body.result.data.json.slots).flat().map((slot) => new Date(slot.time).toISOString())
}

async function book(request: APIRequestContext, origin: string, start: string, name: string, email: string): Promise<void> {
  const end = new Date(Date.parse(start) + 15 * 60_000).toISOString()
  const answer = await request.post(`${origin}/api/book/event`, {
    data: bookingPayload({ start, end, responses: { name, email, guests: [] } }),
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

async function mailsTo(site: DeskSite, address: string): Promise<ReceivedMail[]> {
  return (await readOutbox(site.dataDir)).filter((mail) => mail.to.includes(address))
}

/** The sign-in link in the newest sign-in mail to the owner, once the mail worker has written it. */
async function signInLink(site: DeskSite, count: number): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(site, OWNER)
        if (mails.length < count) return undefined
        link = /https?:\/\/\S+\/desk#link=[A-Za-z0-9_-]+/.exec(mails.at(-1)!.text)?.[0]
        return link
      },
      { timeout: 15_000, message: 'a sign-in mail to the owner' },
    )
    .toBeDefined()
  return link!
}

async function askForLink(page: Page, address: string): Promise<void> {
  await expect(page.getByRole('heading', { name: DESK_TEXTS.signInHeading })).toBeVisible()
  const field = page.getByRole('textbox', { name: DESK_TEXTS.emailLabel, exact: true })
  await field.clear()
  await typeInto(field, address)
  await page.getByRole('button', { name: DESK_TEXTS.sendLink }).click()
  await expect(page.getByText(DESK_TEXTS.linkSent)).toBeInViewport()
}

test.use({ timezoneId: ZONE, locale: 'en-NZ' })

test('the owner signs in by an emailed link, sees the calls, cancels one, takes a day off, marks a no-show and signs out', async ({ browser, deskSite, request }) => {
  test.setTimeout(180_000)
  const site = deskSite

  // Three calls on the first day that offers three slots.
  const slots = await offeredSlots(request, site.origin, new Date(), 14)
  const byDay = new Map<string, string[]>()
  for (const slot of slots) {
    const day = new Date(slot).toLocaleDateString('en-CA', { timeZone: ZONE })
    byDay.set(day, [...(byDay.get(day) ?? []), slot])
  }
  const [day, daySlots] = [...byDay].find(([, times]) => times.length >= 4)!
  const calls = [
    { name: 'Aroha Ngata', email: 'aroha.desk@example.co.nz', start: daySlots[0]! },
    { name: 'Ben Carter', email: 'ben.desk@example.com', start: daySlots[1]! },
    { name: 'Chloe Wong', email: 'chloe.desk@example.com', start: daySlots[3]! },
  ]
  for (const call of calls) await book(request, site.origin, call.start, call.name, call.email)

  const context = await browser.newContext({ baseURL: site.origin, viewport: { width: 1280, height: 800 } })
  const asking = await context.newPage()
  await asking.goto('/desk')

  // A stranger and the owner read the same sentence; only the owner gets a mail.
  await askForLink(asking, STRANGER)
  await asking.reload()
  await askForLink(asking, OWNER)
  const link = await signInLink(site, 1)
  expect(await mailsTo(site, STRANGER)).toEqual([])
  await asking.close()

  // The link, opened from the mail (a new tab), opens the desk: the three calls, with their names, times in the
  // host's zone and join links.
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: DESK_TEXTS.upcoming })).toBeVisible({ timeout: 15_000 })
  expect(page.url()).not.toContain('#link=')
  for (const call of calls) {
    const item = page.getByRole('listitem').filter({ hasText: call.name })
    await expect(item).toBeVisible()
    await expect(item.getByText(call.email)).toBeVisible()
    const time = new Date(call.start).toLocaleTimeString('en-NZ', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
    await expect(item.getByText(time, { exact: false })).toBeVisible()
    await expect(item.getByRole('link', { name: DESK_TEXTS.join })).toHaveAttribute('href', /^https:\/\//)
  }

  await page.screenshot({ path: test.info().outputPath('desk-desktop.png'), fullPage: true })

  // A second use of the link is refused in a sentence with the way on.
  const other = await browser.newContext({ baseURL: site.origin })
  const second = await other.newPage()
  await second.goto(link)
  await expect(second.getByText(DESK_TEXTS.linkRefused)).toBeVisible({ timeout: 15_000 })
  await expect(second.getByRole('button', { name: DESK_TEXTS.askNewLink })).toBeVisible()
  await other.close()

  // The host cancels Ben's call with a reason: Ben's mail carries it, and the time is offered again.
  const ben = calls[1]!
  const reason = 'Sorry, I am unwell that day.'
  await page.getByRole('listitem').filter({ hasText: ben.name }).getByRole('button', { name: DESK_TEXTS.cancelCall }).click()
  const dialog = page.getByRole('dialog')
  await typeInto(dialog.getByLabel(DESK_TEXTS.reasonLabel), reason)
  await dialog.getByRole('button', { name: DESK_TEXTS.confirmCancel }).click()
  await expect(page.getByRole('status').filter({ hasText: DESK_TEXTS.cancelled })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: ben.name })).toHaveCount(0)
  await expect.poll(async () => (await mailsTo(site, ben.email)).some((mail) => mail.text.includes(reason)), { timeout: 15_000 }).toBe(true)
  expect(await offeredSlots(request, site.origin, new Date(), 14)).toContain(ben.start)

  // A day of time off: that day's slots leave the slots API, and its calls say so.
  const timeOff = page.getByRole('region', { name: DESK_TEXTS.timeOff })
  await typeDay(timeOff.getByLabel(DESK_TEXTS.timeOffFrom, { exact: true }), day)
  await typeDay(timeOff.getByLabel(DESK_TEXTS.timeOffTo, { exact: true }), day)
  await typeInto(timeOff.getByLabel(DESK_TEXTS.timeOffLabel), 'Sick day')
  await timeOff.getByRole('button', { name: DESK_TEXTS.addTimeOff }).click()
  await expect(timeOff.getByText('Sick day')).toBeVisible()
  const dayStart = new Date(`${day}T00:00:00Z`)
  const left = await offeredSlots(request, site.origin, new Date(dayStart.getTime() - 86_400_000), 3)
  expect(left.filter((slot) => new Date(slot).toLocaleDateString('en-CA', { timeZone: ZONE }) === day)).toEqual([])
  await expect(page.getByRole('listitem').filter({ hasText: calls[0]!.name }).getByText(DESK_TEXTS.inTimeOff)).toBeVisible()

  // Past Aroha's start (the server's clock and the page's): "Mark no-show" sends the follow-up mail.
  const aroha = calls[0]!
  const past = Date.parse(aroha.start) + 5 * 60_000
  await site.shiftClock(Math.ceil((past - Date.now()) / 1000))
  await page.clock.setSystemTime(past)
  await page.reload()
  const arohaItem = page.getByRole('listitem').filter({ hasText: aroha.name })
  await expect(arohaItem.getByRole('checkbox', { name: DESK_TEXTS.rebookMail })).toBeChecked()
  const mailsBefore = (await mailsTo(site, aroha.email)).length
  await arohaItem.getByRole('button', { name: DESK_TEXTS.markNoShow }).click()
  await expect(arohaItem.getByRole('button', { name: DESK_TEXTS.undoNoShow })).toBeVisible()
  await expect.poll(async () => (await mailsTo(site, aroha.email)).length, { timeout: 15_000 }).toBe(mailsBefore + 1)

  // A cancel from another site's page is refused, even with the session.
  const cookies = await context.cookies()
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  const foreign = await request.post(`${site.origin}/api/desk/calls/none/cancel`, {
    headers: { Cookie: cookieHeader, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
    data: { reason: 'x' },
  })
  expect(foreign.status()).toBe(403)

  // Sign out: the page says so, and the old cookie gets 401.
  await page.getByRole('button', { name: DESK_TEXTS.signOut }).click()
  await expect(page.getByText(DESK_TEXTS.signedOut)).toBeVisible()
  const after = await request.get(`${site.origin}/api/desk`, { headers: { Cookie: cookieHeader } })
  expect(after.status()).toBe(401)
  await context.close()
})

test('on a phone the desk reads without sideways scrolling, and the cancel dialog fits the screen', async ({ browser, deskSite, request }) => {
  test.setTimeout(120_000)
  const site = deskSite
  const [start] = await offeredSlots(request, site.origin, new Date(Date.now() + 7 * 86_400_000), 14)
  await book(request, site.origin, start!, 'Phone Visitor', 'phone.desk@example.com')

  const context = await browser.newContext({ baseURL: site.origin, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const asking = await context.newPage()
  await asking.goto('/desk')
  const sent = (await mailsTo(site, OWNER)).length
  await expect(asking.getByRole('heading', { name: DESK_TEXTS.signInHeading })).toBeVisible()
  await expectNoAxeViolations(asking)
  await askForLink(asking, OWNER)
  await expectNoAxeViolations(asking)
  const link = await signInLink(site, sent + 1)
  await asking.close()

  const page = await context.newPage()
  await page.goto(link)
  const item = page.getByRole('listitem').filter({ hasText: 'Phone Visitor' })
  await expect(item).toBeVisible({ timeout: 15_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('desk-phone.png'), fullPage: true })
  await expectNoAxeViolations(page)

  await item.getByRole('button', { name: DESK_TEXTS.cancelCall }).tap()
  const dialog = page.getByRole('dialog')
  const reason = dialog.getByLabel(DESK_TEXTS.reasonLabel)
  await expect(reason).toBeFocused()
  await expect(dialog.getByRole('button', { name: DESK_TEXTS.confirmCancel })).toBeInViewport()
  await page.screenshot({ path: test.info().outputPath('desk-phone-cancel.png') })
  await expectNoAxeViolations(page, { include: 'dialog[open]' })
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(item.getByRole('button', { name: DESK_TEXTS.cancelCall })).toBeFocused()
  await context.close()
})
