/**
 * The app: the router over the prerendered page, hydrated. Built pages do not link this file: the build
 * turns its <script> into an inline loader that imports it once the page has painted (src/boot/appLoader.ts).
 */
import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createAppRouter } from './router'
import { noteTextTypedBeforeApp } from './boot/typedBeforeApp'
import { keepDialogPresses } from './boot/dialogPressesBeforeApp'
import { MANAGE_PAGE_ROUTE_ID, prefetchFirstSlotsAfterLoad, stopFirstSlotsAskedAtPress } from './boot/loadBookingForm'
import './styles.css'

const router = createAppRouter()
// The first page's head is prerendered; the titles of the others load with the first navigation.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (!fromLocation || !pathChanged) return
  void import('./lib/pages/head').then(({ applyHead }) => applyHead(document, router.state.location.pathname))
})

// Lets the browser run what waits (input, painting) before the next step of the start. A message, not a
// timer: it comes back at once, with no minimum delay, as React's own scheduler does.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })

async function boot() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element.')
  // A button pressed before the app ran (Book a Call, most likely): the slots the form will show first are
  // asked for now rather than once the modal is drawn after hydration (docs/performance.md#how-it-is-done).
  const [routes] = router.getMatchedRoutes(router.state.location.pathname)
  if (window.buttonsPressedBeforeApp?.size && !routes.some((route) => route.id === MANAGE_PAGE_ROUTE_ID)) prefetchFirstSlotsAfterLoad()
  else stopFirstSlotsAskedAtPress()
  await nextTask()
  // Load the matched route's split chunks first, so hydration sees the same tree the prerenderer rendered.
  // The loader has fetched them already (docs/performance.md#how-it-is-done): run each route's in a task of its
  // own, or router.load() runs them all in one long task (docs/design.md#budgets: TBT).
  for (const route of routes) {
    await router.loadRouteChunk(route)
    await nextTask()
  }
  await router.load()
  await nextTask()
  noteTextTypedBeforeApp(root)
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  // A press on Book a Call is taken by the modal once it has hydrated (src/boot/dialogPressesBeforeApp.ts); others are pressed again below.
  const pressedBeforeApp = keepDialogPresses(window.buttonsPressedBeforeApp ?? [])
  window.buttonsPressedBeforeApp = undefined
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (docs/design.md#budgets: TBT); a click on a part not hydrated yet hydrates it first.
  // A prerendered page has the app's elements; the dev server's page has only the template's placeholder comment.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
  // React listens from here on: a press on a part not hydrated yet hydrates it at once, then runs.
  for (const button of pressedBeforeApp) if (button.isConnected) button.click()
}

void boot()
