import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { holdAppScripts, holdRequests, waitForHydration } from './support/hydration'
import { bookingDialog, contactField, headerBookCall, heroBookCall, modalForm, slotButtons, zoneBox } from '../support/pages/bookingForm'
import { bodyOverflow, scrollY } from '../support/pages/window'
import { typeInto } from '../support/typing'

declare global {
  interface Window {
    /** Clicks on Book a Call after the app arrived, in the test that a press before the app is not repeated. */
    repeatedPresses?: number
    /** The form the shut dialog held, in the test that a press shows the form drawn ahead. */
    formDrawnAhead?: Element
  }
}

/** Opens the modal from the hero once the page has hydrated: one click must do. */
async function openModal(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  const opener = heroBookCall(page)
  await opener.click()
  await expect(bookingDialog(page)).toBeVisible()
  return opener
}

test('Book a Call opens a labelled modal dialog, moves focus into it and locks page scrolling', async ({ page }) => {
  await openModal(page)
  await expect(bookingDialog(page)).toHaveAttribute('aria-modal', 'true')
  expect(await bookingDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  expect(await bodyOverflow(page)).toBe('hidden')
  const before = await scrollY(page)
  await page.mouse.move(20, 20)
  await page.mouse.wheel(0, 900)
  expect(await scrollY(page)).toBe(before)
  await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
})

test('Escape closes the modal and focus returns to the opener', async ({ page }) => {
  const opener = await openModal(page)
  await page.keyboard.press('Escape')
  await expect(bookingDialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('the close button closes the modal and focus returns to the opener', async ({ page }) => {
  const opener = await openModal(page)
  await bookingDialog(page).getByRole('button', { name: 'Close' }).click()
  await expect(bookingDialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a click on the backdrop closes the modal; a click inside does not', async ({ page }) => {
  const opener = await openModal(page)
  await bookingDialog(page).getByRole('heading', { name: 'Book a Call' }).click()
  await expect(bookingDialog(page)).toBeVisible()
  await page.mouse.click(8, 8)
  await expect(bookingDialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('the header and the service cards open the same modal', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const headerButton = headerBookCall(page)
  await headerButton.click()
  await expect(bookingDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(headerButton).toBeFocused()
  const serviceButton = page.getByRole('main').getByRole('button', { name: 'Book a Call' }).nth(1)
  await serviceButton.click()
  await expect(bookingDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(serviceButton).toBeFocused()
})

test('each open shows a fresh form', async ({ page }) => {
  await openModal(page)
  await typeInto(contactField(bookingDialog(page), 'name'), 'Aroha Ngata')
  await page.keyboard.press('Escape')
  await heroBookCall(page).click()
  await expect(contactField(bookingDialog(page), 'name')).toHaveValue('')
})

test('once its code has come, the next form waits drawn in the shut dialog; a press shows that very form, and after a close the next is fresh', async ({ page }) => {
  await page.goto('/')
  const form = modalForm(page)
  await expect(form).toHaveCount(1)
  await expect(form).toBeHidden()
  await form.evaluate((drawn) => void (window.formDrawnAhead = drawn))
  await heroBookCall(page).click()
  const dialog = bookingDialog(page)
  await expect(contactField(dialog, 'name')).toBeVisible()
  expect(await form.evaluate((shown) => shown === window.formDrawnAhead)).toBe(true)

  await typeInto(contactField(dialog, 'name'), 'Aroha Ngata')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The form the visitor typed into is gone; another is drawn for the next press.
  await expect.poll(() => form.evaluate((drawn) => drawn !== window.formDrawnAhead)).toBe(true)
  await expect(form).toBeHidden()
  await heroBookCall(page).click()
  await expect(contactField(dialog, 'name')).toHaveValue('')
})

test('the modal is at most 3xl wide and 90% of the viewport high, and scrolls inside', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await openModal(page)
  const box = (await bookingDialog(page).boundingBox())!
  expect(box.width).toBeLessThanOrEqual(768)
  expect(box.height).toBeLessThanOrEqual(600 * 0.9 + 1)
  expect(await bookingDialog(page).evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto')
})

test('focus stays inside the open modal', async ({ page }) => {
  await openModal(page)
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await bookingDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
})

test('the open modal has no WCAG 2.1 AA violations', async ({ page }) => {
  await openModal(page)
  await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
  await expectNoAxeViolations(page, { include: '#booking-modal' })
})

test('an Escape in the frame a press opened the dialog in closes it: the machine hears of the press before the Escape', async ({ page }) => {
  const opener = await openModal(page)
  await page.keyboard.press('Escape')
  await expect(bookingDialog(page)).toBeHidden()
  // The button shows the dialog by itself, and its machine hears of the press once that frame is painted: an Escape
  // before then, in the same task.
  await opener.evaluate((button: HTMLButtonElement) => {
    button.click()
    button.ownerDocument.getElementById(button.getAttribute('commandfor')!)!.dispatchEvent(new Event('cancel', { cancelable: true }))
  })
  await expect(bookingDialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
  // Still closed once the frame after the press has been painted and its OPEN has been sent.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
  await expect(bookingDialog(page)).toBeHidden()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

/** The machines and XState are not in the first load (src/boot/deferredActor.ts): holds them back, as a slow connection would. */
const holdSiteMachines = (page: Page) => holdRequests(page, /\/assets\/(xstate|siteMachines)-[\w-]+\.js$/)

test('a press after hydration but before the site machines have loaded shows the dialog at once; the form comes once they have', async ({ page }) => {
  const release = await holdSiteMachines(page)
  await page.goto('/')
  await waitForHydration(page)
  await heroBookCall(page).click()
  await expect(bookingDialog(page)).toBeVisible({ timeout: 100 })
  // The machine, not yet running, has not opened it: the form waits for it.
  await expect(contactField(bookingDialog(page), 'name')).toHaveCount(0)

  release()
  await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
  expect(await bookingDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
})

test('Escape pressed before the site machines have loaded closes the dialog once they have taken the press and the Escape', async ({ page }) => {
  const release = await holdSiteMachines(page)
  await page.goto('/')
  await waitForHydration(page)
  const opener = heroBookCall(page)
  await opener.click()
  await expect(bookingDialog(page)).toBeVisible({ timeout: 100 })
  // The machine owns the close: the Escape waits for it, with the press's OPEN before it.
  await page.keyboard.press('Escape')
  await expect(bookingDialog(page)).toBeVisible()

  release()
  await expect(bookingDialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test.describe('before the app runs', () => {
  test('a press on Book a Call shows the dialog at once, with focus inside; the form fills it when the scripts arrive', async ({ page }) => {
    const release = await holdAppScripts(page)
    await page.goto('/')
    const opener = heroBookCall(page)
    await opener.click()
    await expect(bookingDialog(page)).toBeVisible({ timeout: 100 })
    expect(await bookingDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await expect(contactField(bookingDialog(page), 'name')).toHaveCount(0)
    await expectNoAxeViolations(page, { include: '#booking-modal' })

    await release()
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
    expect(await bodyOverflow(page)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(bookingDialog(page)).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('the app does not press Book a Call again: the modal takes the press as it hydrates, and the page hydrates after', async ({ page }) => {
    const release = await holdAppScripts(page)
    await page.goto('/')
    const opener = heroBookCall(page)
    await opener.click()
    await expect(bookingDialog(page)).toBeVisible()
    // Pressed again, the button would first hydrate all of the page around it at once (src/boot/dialogPressesBeforeApp.ts).
    await opener.evaluate((button) => button.addEventListener('click', () => (window.repeatedPresses = (window.repeatedPresses ?? 0) + 1)))
    await release()
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
    expect(await page.evaluate(() => window.repeatedPresses ?? 0)).toBe(0)
    await page.keyboard.press('Escape')
    await expect(bookingDialog(page)).toBeHidden()
    await expect(opener).toBeFocused()
    // Once, not again at a later render.
    await opener.click()
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(bookingDialog(page)).toBeHidden()
  })

  test('a press asks for the first slots at once, in the zone the visitor chose before, and the picker shows that answer without asking again', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('kiwi.timeZone', 'America/Los_Angeles'))
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/calendar/slots?')) asked.push(request.url())
    })
    // The app held back; the first slots' worker, which the loader starts itself, is not.
    const release = await holdRequests(page, /\/assets\/(?!firstSlotsWorker-)[\w-]+\.js$/)
    await page.goto('/')
    await heroBookCall(page).click()
    await expect(bookingDialog(page)).toBeVisible()
    // Asked for before the app has run: the worker's start and the round trip pass while the app's files arrive
    // (docs/performance.md#the-first-slots-asked-at-a-press).
    await expect.poll(() => asked.length).toBe(1)
    expect(await page.evaluate(() => window.buttonsPressedBeforeApp?.size)).toBe(1)
    const zone = (url: string) => JSON.parse(new URL(url).searchParams.get('input') ?? '{}').json?.timeZone
    expect(zone(asked[0]!)).toBe('America/Los_Angeles')

    release()
    await waitForHydration(page)
    await expect(slotButtons(bookingDialog(page)).first().or(bookingDialog(page).getByText('No available time slots for this date'))).toBeVisible()
    // The picker's first request is that URL, answered by what the loader asked: not sent again.
    expect(asked.filter((url) => url === asked[0])).toHaveLength(1)
    await expect(zoneBox(bookingDialog(page))).toHaveValue('America/Los Angeles')
  })

  test("a press asks for the form's files while the app's last file arrives, the large ones first; without one they wait for an idle moment", async ({ page }) => {
    // A phone still busy long after its load: the first idle moment never comes.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    const fetchedByLoader = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname))
    // React's file (the largest, the last to come on a slow line) held apart from the others.
    let releaseReact = () => {}
    let releaseOthers = () => {}
    const reactHeld = new Promise<void>((resolve) => (releaseReact = resolve))
    const othersHeld = new Promise<void>((resolve) => (releaseOthers = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await (/\/assets\/react-[\w-]+\.js$/.test(route.request().url()) ? reactHeld : othersHeld)
      await route.continue()
    })
    await page.goto('/')
    await heroBookCall(page).click()
    await expect(bookingDialog(page)).toBeVisible()
    // None of the app's files has come: the form's would share the line with all of them, and the app's code,
    // which the form needs first, would run only after the form's files were in too.
    await page.waitForTimeout(300)
    expect(await fetchedByLoader()).not.toContainEqual(expect.stringMatching(/^\/assets\/BookingForm-[\w-]+\.js$/))
    // Every file of the app's but React's has come: the form's are asked for while React's arrives, not a round
    // trip after its last byte (docs/performance.md#a-press-before-the-app-has-run).
    releaseOthers()
    await expect.poll(fetchedByLoader).toContainEqual(expect.stringMatching(/^\/assets\/BookingForm-[\w-]+\.js$/))
    const links = await fetchedByLoader()
    const app = links.findIndex((file) => /^\/assets\/app-[\w-]+\.js$/.test(file))
    const form = links.findIndex((file) => /^\/assets\/BookingForm-[\w-]+\.js$/.test(file))
    expect(app).toBeGreaterThanOrEqual(0)
    expect(form).toBeGreaterThan(app)
    // Only the loader asks for the worker's file (the app starts the worker from it): Vite never preloads a worker.
    expect(links).toContainEqual(expect.stringMatching(/^\/assets\/firstSlotsWorker-[\w-]+\.js$/))
    // The large files first, largest first (one asked for last would arrive last), then the others in the order the
    // page needs them: the slots' worker before the site's machines.
    const routeFiles = ((await page.locator('meta[name="app-route-files"]').getAttribute('content')) ?? '').split(' ')
    const later = links.slice(Math.max(...routeFiles.map((file) => links.indexOf(file))) + 1)
    expect(later).toContainEqual(expect.stringMatching(/^\/assets\/BookingForm-[\w-]+\.js$/))
    // Few: over HTTP/1.1 each file past the sixth waits for a connection (docs/performance.md#the-forms-files).
    expect(later.length).toBeLessThanOrEqual(8)
    releaseReact()
    await waitForHydration(page)
    const sizes = await page.evaluate((files) => Promise.all(files.map(async (file) => (await (await fetch(file)).text()).length)), later)
    const large = sizes.filter((size) => size >= 32 * 1024)
    expect(large.length).toBeGreaterThan(0)
    expect(sizes.slice(0, large.length)).toEqual([...large].sort((a, b) => b - a))
    const place = (name: string) => later.findIndex((file) => file.startsWith(`/assets/${name}-`))
    expect(place('firstSlotsWorker')).toBeGreaterThanOrEqual(large.length)
    expect(place('firstSlotsWorker')).toBeLessThan(place('siteMachines'))
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()

    // Without a press, the same files wait for the idle moment that does not come.
    await page.goto('/about')
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(await fetchedByLoader()).not.toContainEqual(expect.stringMatching(/firstSlotsWorker/))
  })

  test("the files the page runs at load and at a press are compiled whole as they arrive; what comes after the form is not", async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await heroBookCall(page).click()
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
    // The zone search comes after the form has drawn (docs/performance.md#the-zone-search-after-the-slots).
    await expect(bookingDialog(page).getByRole('combobox', { name: 'Time zone' })).toBeEnabled()
    // Every script the page has loaded, read again from the server.
    const scripts = new Map<string, string>(
      await page.evaluate(() =>
        Promise.all(
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => /^\/assets\/[\w-]+\.js$/.test(path))
            .map(async (path): Promise<[string, string]> => [path, await (await fetch(path)).text()]),
        ),
      ),
    )
    // On the first line; in the entry's file, below the one line in which Vite maps its preloads.
    const startsWithHint = (path: string) => scripts.get(path)?.split('\n', 2).includes('//# allFunctionsCalledOnLoad')
    const named = (name: string) => [...scripts.keys()].find((path) => path.startsWith(`/assets/${name}-`)) ?? name
    // V8 compiles a file so marked as it arrives, off the main thread, not function by function as each first
    // runs (docs/performance.md#functions-compiled-as-they-arrive).
    // booking-wire: the day picker and the wire it shares with the manage page and the desk (vite.config.ts).
    for (const name of ['react', 'framework', 'app', 'xstate', 'siteMachines', 'BookingForm', 'booking-wire']) {
      expect(scripts.has(named(name)), `${name} loaded`).toBe(true)
      expect(startsWithHint(named(name)), name).toBe(true)
    }
    const routeFiles = ((await page.locator('meta[name="app-route-files"]').getAttribute('content')) ?? '').split(' ')
    expect(routeFiles.length).toBeGreaterThan(0)
    for (const file of routeFiles) expect(startsWithHint(file), file).toBe(true)
    // Much of a file loaded later may never run: compiled whole, it would cost for nothing.
    expect(startsWithHint(named('ZoneSearch'))).toBe(false)
  })

  test.describe('for a visitor who allows motion', () => {
    test.use({ reducedMotion: 'no-preference' })
    test("what the open dialog covers waits for it to close: the voice call's and the particles' files", async ({ page }) => {
      const asked: string[] = []
      page.on('request', (request) => asked.push(new URL(request.url()).pathname))
      const covered = () => asked.filter((file) => /^\/assets\/(VoiceCallWidget|ParticlesCanvas)-[\w-]+\.js$/.test(file))
      const release = await holdAppScripts(page)
      await page.goto('/')
      const opener = heroBookCall(page)
      await opener.click()
      await release()
      await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
      await page.waitForLoadState('networkidle')
      // Idle, and more than one idle moment later (the browser gives an idle callback 3 s at most).
      await page.waitForTimeout(3500)
      expect(covered()).toEqual([])

      await page.keyboard.press('Escape')
      await expect(bookingDialog(page)).toBeHidden()
      await expect.poll(covered).toContainEqual(expect.stringMatching(/VoiceCallWidget/))
      await expect.poll(covered).toContainEqual(expect.stringMatching(/ParticlesCanvas/))
    })

    test("the voice call's and the particles' files wait for the booking form's, fetched at the first idle moment", async ({ page }) => {
      const asked: string[] = []
      page.on('request', (request) => asked.push(new URL(request.url()).pathname))
      const decoration = () => asked.filter((file) => /^\/assets\/(VoiceCallWidget|ParticlesCanvas)-[\w-]+\.js$/.test(file))
      const releaseForm = await holdRequests(page, /\/assets\/BookingForm-[\w-]+\.js$/)
      await page.goto('/')
      await waitForHydration(page)
      await expect.poll(() => asked.some((file) => /^\/assets\/BookingForm-/.test(file))).toBe(true)
      // More than one idle moment later (the browser gives an idle callback 3 s at most): the form's file still on its way.
      await page.waitForTimeout(3500)
      expect(decoration()).toEqual([])

      releaseForm()
      await expect.poll(decoration).toContainEqual(expect.stringMatching(/VoiceCallWidget/))
      await expect.poll(decoration).toContainEqual(expect.stringMatching(/ParticlesCanvas/))
    })
  })

  test('Escape closes the dialog, focus returns to the button, and the dialog stays closed when the app arrives', async ({ page }) => {
    const release = await holdAppScripts(page)
    await page.goto('/')
    const opener = heroBookCall(page)
    await opener.click()
    await expect(bookingDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(bookingDialog(page)).toBeHidden()
    await expect(opener).toBeFocused()

    await release()
    // The app presses again what was pressed before it ran: not this, whose dialog was closed since.
    await page.waitForFunction(() => window.buttonsPressedBeforeApp === undefined)
    await expect(bookingDialog(page)).toBeHidden()
    await opener.click()
    await expect(contactField(bookingDialog(page), 'name')).toBeVisible()
  })

  test('the Close button closes the dialog before the app runs', async ({ page }) => {
    const release = await holdAppScripts(page)
    await page.goto('/')
    await headerBookCall(page).click()
    await bookingDialog(page).getByRole('button', { name: 'Close' }).click()
    await expect(bookingDialog(page)).toBeHidden()
    await expect(headerBookCall(page)).toBeFocused()
    await release()
    await page.waitForFunction(() => window.buttonsPressedBeforeApp === undefined)
    await expect(bookingDialog(page)).toBeHidden()
  })
})
