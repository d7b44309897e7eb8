/**
 * Where each lead came from (docs/booking.md#where-a-lead-came-from), as the agency's owner checks it: a visitor
 * from a LinkedIn ad (desktop), one referred by a news site (phone) and one from a newsletter who pressed Book a Call
 * before the app ran book; the agency's email, the owner feed,
 * `npm run bookings` and `npm run leads` say where each came from, the landing page and the button; the visitor's own
 * email does not; an automation subscribed through /v2/webhooks gets it in Cal.com's tracking and metadata; and neither
 * browser holds a cookie or a local-storage entry.
 *
 * The built site runs here on a server of this spec's own, on a data directory of its own: `npm run bookings` and
 * `npm run leads` open PGlite's files, which only one process may hold, so the server is stopped before they run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E_API_KEY, E2E_PORT, e2eEnv } from './env'
import { holdAppScripts, waitForHydration } from './support/hydration'
import { readOutbox, type ReceivedMail } from '../support/outbox'
import { bookingDialog, chooseSlot, confirmButton, fillContact, goToBookableDay } from '../support/pages/bookingForm'
import { menuToggle, mobileMenu } from '../support/pages/mobileMenu'
import { WebhookReceiver } from '../support/webhookReceiver'

const ROOT = join(import.meta.dirname, '../..')
/** The build the suite's own server serves (tests/e2e/serve.ts builds it before any spec runs). */
const DIST = join(ROOT, `.tmp/e2e-dist-${E2E_PORT}`)
const ADMIN_TOKEN = 'lead-source-admin-token-0123456789abcdef'

const FROM_THE_AD = { name: 'Ada Campaign', email: 'ada.campaign@example.com' }
const REFERRED = { name: 'Rewi Referred', email: 'rewi.referred@example.com' }
const EARLY = { name: 'Erin Early', email: 'erin.early@example.com' }
const AD_LINE = 'linkedin / paid / spring — landed on /, booked from the automation service card'
const REFERRED_LINE = 'referred by news.example.org — landed on /use-cases, booked from the mobile menu'
const EARLY_LINE = 'newsletter / email (content december), fbclid IwAR2x — landed on /use-cases, booked from the hero button'

test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' })
test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let origin = ''
let dataDir = ''
/** An automation of the agency's, subscribed to every booking. */
const automation = new WebhookReceiver()

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function stopServer(): Promise<void> {
  const running = server
  server = undefined
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  await exited
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agency-e2e-leads-'))
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, [join(DIST, 'server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...e2eEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: DIST, PUBLIC_URL: origin, ADMIN_TOKEN, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0' },
    stdio: 'ignore',
  })
  await expect.poll(() => fetch(`${origin}/readyz`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200)
  await automation.start()
  const subscribed = await fetch(`${origin}/v2/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${E2E_API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscriberUrl: automation.url, triggers: ['BOOKING_CREATED'], active: true }),
  })
  expect(subscribed.status).toBe(201)
})

test.afterAll(async () => {
  await automation.stop()
  await stopServer()
  await rm(dataDir, { recursive: true, force: true })
})

/** Books the first free time about ten days ahead in the open booking dialog, and waits for the confirmation. */
async function bookInDialog(page: Page, visitor: { name: string; email: string }, ahead: number): Promise<void> {
  const dialog = bookingDialog(page)
  await expect(dialog).toBeVisible()
  await goToBookableDay(dialog, ahead)
  await chooseSlot(dialog, 0)
  await fillContact(dialog, visitor.name, visitor.email)
  await confirmButton(dialog).click()
  await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeInViewport({ timeout: 15_000 })
}

/** What the browser keeps: no cookie, no local storage, and the first touch alone in the tab's session storage. */
async function keptInTheBrowser(page: Page) {
  return {
    cookies: await page.context().cookies(),
    ...(await page.evaluate(() => ({
      documentCookie: document.cookie,
      localStorage: Object.keys(localStorage),
      sessionStorage: Object.fromEntries(Object.entries(sessionStorage)),
    }))),
  }
}

/** The agency's notice of the booking of `name`, and the visitor's confirmation, once the mail worker wrote them. */
async function mailsOf(visitor: { name: string; email: string }): Promise<{ agency: ReceivedMail; visitor: ReceivedMail }> {
  let found: { agency?: ReceivedMail; visitor?: ReceivedMail } = {}
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(dataDir)
        found = {
          agency: mails.find((m) => m.subject.startsWith(`New booking: ${visitor.name}`)),
          visitor: mails.find((m) => m.to.includes(visitor.email) && m.subject.startsWith('Booked:')),
        }
        return Boolean(found.agency && found.visitor)
      },
      { timeout: 15_000, message: `the agency's and the visitor's mails of ${visitor.name}` },
    )
    .toBe(true)
  return found as { agency: ReceivedMail; visitor: ReceivedMail }
}

/** The value of a mail's "Came from" row. */
const cameFromIn = (mail: ReceivedMail) => /^Came from: +(.*)$/m.exec(mail.text)?.[1]

test('desktop: from a LinkedIn ad, on past a page read before the app ran, booked from a service card', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  // The landing page as a slow connection shows it: its HTML and the inline loader, no app yet. The visitor moves on
  // by a plain link before the app runs (a full page load): the first touch is the landing page's all the same.
  const release = await holdAppScripts(page)
  await page.goto(`${origin}/?utm_source=linkedin&utm_medium=paid&utm_campaign=spring`)
  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL(`${origin}/about`)
  await release()
  await expect.poll(async () => (await keptInTheBrowser(page)).sessionStorage['kiwi.firstTouch']).toBe(
    JSON.stringify({ landingPath: '/', tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' } }),
  )

  // Back home through the app, and a service card's Book a Call.
  await page.getByRole('banner').getByRole('link', { name: /Kiwi Automate/ }).first().click()
  await expect(page).toHaveURL(`${origin}/`)
  const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Workflow Automation' }) })
  await card.getByRole('button', { name: 'Book a Call' }).click()
  await bookInDialog(page, FROM_THE_AD, 10)

  const kept = await keptInTheBrowser(page)
  expect(kept.cookies).toEqual([])
  expect(kept.documentCookie).toBe('')
  expect(kept.localStorage).toEqual([])
  expect(Object.keys(kept.sessionStorage)).toEqual(['kiwi.firstTouch'])

  const mails = await mailsOf(FROM_THE_AD)
  expect(cameFromIn(mails.agency)).toBe(AD_LINE)
  expect(mails.visitor.text).not.toMatch(/Came from|linkedin|spring|service card/)

  // The agency's automation: Cal.com's tracking, and the rest as metadata strings beside the join link.
  const ofTheAd = () =>
    automation.received.filter((d) => (d.json.payload?.attendees as { email: string }[] | undefined)?.[0]?.email === FROM_THE_AD.email)
  await expect.poll(() => ofTheAd().length, { timeout: 10_000, message: 'BOOKING_CREATED of the ad’s visitor' }).toBe(1)
  expect(ofTheAd()[0]!.json.payload).toMatchObject({
    tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' },
    metadata: { landingPath: '/', bookedOnPage: '/', bookedFrom: 'service:automation' },
  })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('referred by a news site, booked from the mobile menu', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(`${origin}/use-cases`, { referer: 'https://news.example.org/item?id=42' })
    await waitForHydration(page)
    await menuToggle(page).tap()
    await expect(mobileMenu(page)).toBeVisible()
    await mobileMenu(page).getByRole('button', { name: 'Book a Call' }).tap()
    await bookInDialog(page, REFERRED, 11)

    const kept = await keptInTheBrowser(page)
    expect(kept.cookies).toEqual([])
    expect(kept.documentCookie).toBe('')
    expect(kept.localStorage).toEqual([])
    // The referring site's host only: never its path or query.
    expect(kept.sessionStorage).toEqual({ 'kiwi.firstTouch': JSON.stringify({ landingPath: '/use-cases', referrerHost: 'news.example.org' }) })

    const mails = await mailsOf(REFERRED)
    expect(cameFromIn(mails.agency)).toBe(REFERRED_LINE)
    expect(mails.visitor.text).not.toMatch(/Came from|news\.example|mobile menu/)
  })
})

test('a Book a Call pressed before the app ran is named too', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const release = await holdAppScripts(page)
  await page.goto(`${origin}/use-cases?utm_source=newsletter&utm_medium=email&utm_content=december&fbclid=IwAR2x&ref=ignored`)
  // The button opens the dialog by itself; the app, once it runs, hears of the press and of the button's name.
  await page.getByRole('main').getByRole('button', { name: 'Book a Call' }).first().click()
  await expect(bookingDialog(page)).toBeVisible()
  await release()
  await bookInDialog(page, EARLY, 12)
  expect((await keptInTheBrowser(page)).localStorage).toEqual([])
  const mails = await mailsOf(EARLY)
  expect(cameFromIn(mails.agency)).toBe(EARLY_LINE)
  expect(mails.agency.text).not.toContain('ignored')
})

test('the owner feed, npm run bookings and npm run leads say where each came from', async () => {
  test.setTimeout(90_000)
  const feed = await fetch(`${origin}/api/bookings.ics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
  expect(feed.status).toBe(200)
  // RFC 5545 folds long lines and escapes commas.
  const events = (await feed.text()).replace(/\r\n /g, '').replace(/\\,/g, ',')
  expect(events).toContain(`Came from: ${AD_LINE}`)
  expect(events).toContain(`Came from: ${REFERRED_LINE}`)
  expect(events).toContain(`Came from: ${EARLY_LINE}`)

  // PGlite's files are the server's while it runs.
  await stopServer()
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' })

  const bookings = run('scripts/bookings.ts')
  expect(bookings.status, bookings.stderr).toBe(0)
  expect(bookings.stdout).toContain(`  Came from: ${AD_LINE}`)
  expect(bookings.stdout).toContain(`  Came from: ${REFERRED_LINE}`)
  expect(bookings.stdout).toContain(`  Came from: ${EARLY_LINE}`)

  const leads = run('scripts/leads.ts')
  expect(leads.status, leads.stderr).toBe(0)
  expect(leads.stdout).toMatch(/^3 bookings made in the last 30 days/m)
  expect(leads.stdout).toMatch(/^newsletter +1 +0 +0$/m)
  expect(leads.stdout).toMatch(/^linkedin +1 +0 +0$/m)
  expect(leads.stdout).toMatch(/^news\.example\.org +1 +0 +0$/m)
  expect(leads.stdout).toMatch(/^spring +1 +0 +0$/m)
  expect(leads.stdout).toMatch(/^\/use-cases +2 +0 +0$/m)
  expect(leads.stdout).toMatch(/^\/ +1 +0 +0$/m)
})
