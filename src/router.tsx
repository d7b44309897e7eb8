import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { PendingPage } from './components/PendingPage'
import { routeTree } from './routeTree.gen'

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Scrolling to the top on a change of path is done by the scroll-intent machine's owner. `false` alone
    // would leave the router's reset to the top on each render on, hydration included, which took a
    // visitor who had scrolled before the app ran back to the top; a function that says no turns it off.
    scrollRestoration: () => false,
    // A pending view on every route gives each match the same Suspense boundary in the prerendered
    // HTML and in the browser, so hydration matches; navigation between pages stays blank-free.
    defaultPendingComponent: PendingPage,
    defaultPendingMs: 300,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
