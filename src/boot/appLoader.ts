import type { FirstSlotsNews } from './firstSlotsWorker'

/**
 * The page's only script: once the browser has painted content, fetch the app and run it. Every page
 * is prerendered, so its first paint needs the HTML and the stylesheet only; the app's files wait for
 * that paint and do not share the connection with the stylesheet (docs/design.md#budgets: LCP within 1.15 × the
 * same page without scripts).
 *
 * The build writes this function into each page as an inline script (scripts/appLoaderPlugin.ts), so
 * nothing at all is fetched for scripts before the first paint. It compiles this whole file into the page: the
 * file holds this function and types alone, and the function uses nothing from outside its own body.
 *
 * `later`: files fetched once the app has run, the page has loaded and the browser is idle, but not
 * run (the booking form's: a press on Book a Call then only runs their code), or sooner, while the app's own
 * last file arrives, when a button was pressed before the app ran. A modulepreload link fetches and compiles;
 * running them at idle would be a long task (docs/design.md#budgets: TBT).
 *
 * `firstSlots`: the first slots' worker's file, and the key under which the page remembers the visitor's zone. A
 * press before the app has run starts that worker and asks it for the slots the picker shows first, for the app to
 * take once it runs (window.firstSlotsAskedAtPress).
 */
export function loadAppAfterFirstPaint(
  entries: string[],
  dependencies: string[],
  later: string[] = [],
  firstSlots?: [worker: string, zoneKey: string],
): void {
  // The visit's first touch (docs/booking.md#where-a-lead-came-from): the landing page's address (path and query)
  // and the referring site's host (a referrer is an origin or a URL), noted for the tab alone on the first page of
  // the visit, here, before the app runs, so that a visitor who moves on before it does keeps them too. As small as
  // it can be written, since every page carries it: an array stored is its items joined by commas, and a host has
  // none. At the first idle moment the note is reduced to what the booking may carry (src/lib/pages/firstTouch.ts).
  try {
    sessionStorage['kiwi.firstTouch'] ??= [location.pathname + location.search, document.referrer.split('/')[2]]
  } catch {
    // Storage blocked: nothing is noted.
  }
  // Until the app runs, a button does nothing when pressed: note it, and the app presses it again once
  // it listens (main.tsx). Links and form submits work without the app, so only plain buttons count.
  const pressed = new Set<HTMLButtonElement>()
  window.buttonsPressedBeforeApp = pressed
  // Whether a button was pressed before the app ran, and whether the app's own files are in but the last: both,
  // and the `later` files are asked for (below).
  let pressedEarly = false
  let firstLoadAllButLastIn = false
  const before = () => window.buttonsPressedBeforeApp === pressed
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (button?.type !== 'button' || !before()) return
      pressed.add(button)
      pressedEarly = true
      // After the frame that shows the press's answer (the dialog): adding the links is work in that frame.
      requestAnimationFrame(() =>
        setTimeout(() => {
          askFirstSlots()
          fetchLaterForPress()
        }),
      )
      // A button that opens or closes a dialog by itself (an invoker command: Book a Call) does so at
      // once; where the browser has no invoker commands, this does it for the button.
      const dialog = document.getElementById(button.getAttribute('commandfor') ?? '')
      if (!('commandForElement' in button) && dialog instanceof HTMLDialogElement) {
        const command = button.getAttribute('command')
        if (command === 'show-modal' && !dialog.open) dialog.showModal()
        if (command === 'close') dialog.close()
      }
    },
    true,
  )
  // A dialog closed before the app ran (Escape, its Close button) takes back the presses that opened it:
  // the app must not open it again when it presses them once it listens.
  document.addEventListener(
    'close',
    (event) => {
      if (!before()) return
      for (const button of pressed) if (button.getAttribute('commandfor') === (event.target as Element).id) pressed.delete(button)
    },
    true,
  )
  // Each file's arrival. A file that fails to load is reported by the import that needs it: here it only counts
  // as come.
  const preload = (hrefs: string[]) =>
    hrefs.map((href) => {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
      return new Promise((done) => (link.onload = link.onerror = done))
    })
  // What the page loads for decoration waits for the `later` files, so as not to share the line with them
  // (docs/performance.md#what-waits-behind-a-dialog).
  let laterFetched = () => {}
  window.laterFilesFetched = new Promise<void>((resolve) => (laterFetched = resolve))
  // The `later` files: at the first idle moment once the app has run and the page has loaded, or, for a
  // button pressed before the app ran, once every file of the app's own but the last has come. The app's code
  // then runs while the form's files arrive, rather than after them with theirs, and the form's files share the
  // line only with the tail of the largest (React's); asked for after its last byte, they would leave the line
  // idle for a round trip (docs/performance.md#a-press-before-the-app-has-run).
  let laterAsked = false
  const preloadLaterNow = () => {
    if (laterAsked) return
    laterAsked = true
    void Promise.all(preload(later)).then(laterFetched)
  }
  const fetchLaterForPress = () => {
    if (firstLoadAllButLastIn && pressedEarly) preloadLaterNow()
  }
  // The slots the picker shows first, asked for now rather than once the app runs: the worker's start, the time
  // zone data it reads and the round trip then pass while React's file arrives
  // (docs/performance.md#the-first-slots-asked-at-a-press). What the worker says before the app listens is kept for it.
  let slotsAsked = false
  const askFirstSlots = () => {
    // Null once the app has asked, or chosen not to ask (src/boot/loadBookingForm.ts).
    if (!firstSlots || slotsAsked || !before() || window.firstSlotsAskedAtPress === null) return
    slotsAsked = true
    const [file, zoneKey] = firstSlots
    const worker = new Worker(file, { type: 'module' })
    const news: FirstSlotsNews[] = []
    // One that cannot start says nothing, and the picker asks for itself.
    worker.onmessage = ({ data }) => news.push(data)
    let stored = null
    try {
      stored = localStorage.getItem(zoneKey)
    } catch {
      // Storage blocked: the browser's zone.
    }
    worker.postMessage({ now: Date.now(), stored })
    window.firstSlotsAskedAtPress = { worker, news }
  }
  const preloadLaterAtIdle = () => {
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(preloadLaterNow) : setTimeout(preloadLaterNow))
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
  }
  const load = () => {
    // Every file fetched at once, rather than each entry after the one before it has run. The links
    // also tell Vite's import() helper that these files are loaded, so it does not add links of its own.
    // With them, the files of the page's own routes (named by the build, scripts/routeFiles.ts): the app would
    // ask for them only once it had run, a round trip later.
    const routeFiles = document.querySelector<HTMLMetaElement>('meta[name="app-route-files"]')?.content.split(' ').filter(Boolean) ?? []
    const firstLoad = preload([...entries, ...dependencies, ...routeFiles])
    let toCome = firstLoad.length
    const allButLastIn = () => {
      firstLoadAllButLastIn = true
      fetchLaterForPress()
    }
    for (const arrival of firstLoad) void arrival.then(() => --toCome === 1 && allButLastIn())
    // One entry per task: the browser runs each file's code as one piece of work, so the framework and
    // the app run apart rather than as one long task (docs/design.md#budgets: TBT).
    // The next task is a message on a channel (a timer would have a minimum delay).
    const channel = new MessageChannel()
    let index = 0
    const importNext = () => {
      const entry = entries[index++]
      if (entry) void import(/* @vite-ignore */ entry).then(() => channel.port2.postMessage(null))
      else preloadLaterAtIdle()
    }
    channel.port1.onmessage = importNext
    importNext()
  }
  // A tab in the background paints nothing until it is shown: load at once.
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || document.visibilityState === 'hidden') {
    load()
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) loadOnce()
  })
  const onHidden = () => {
    if (document.visibilityState === 'hidden') loadOnce()
  }
  const loadOnce = () => {
    observer.disconnect()
    document.removeEventListener('visibilitychange', onHidden)
    load()
  }
  // `buffered`: the paint may have come before this line ran.
  observer.observe({ type: 'paint', buffered: true })
  document.addEventListener('visibilitychange', onHidden)
}

declare global {
  interface Window {
    /** Buttons pressed before the app ran (loadAppAfterFirstPaint); main.tsx takes them, once. */
    buttonsPressedBeforeApp?: Set<HTMLButtonElement>
    /**
     * The first slots' worker, started and asked at a press before the app ran, with what it has said so far
     * (loadAppAfterFirstPaint); src/boot/loadBookingForm.ts takes it, and leaves null.
     */
    firstSlotsAskedAtPress?: { worker: Worker; news: FirstSlotsNews[] } | null
    /** Resolves once the loader's `later` files (the booking form's) have been fetched, or failed to be. */
    laterFilesFetched?: Promise<void>
  }
}
