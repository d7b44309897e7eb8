import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { getSsrStatus } from '@tanstack/react-router/ssr/server'
import { StrictMode, Suspense } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { headTags } from './lib/pages/head'
import { sitePages, siteShells, type SitePage, type SiteShell } from './lib/pages/sitePages'
import type { RenderModule } from '../core/renderContract'
import { createAppRouter } from './router'

/**
 * The build's settings as the pages have them: the sitemap's address, and the booking settings the server
 * must start with too (scripts/build.ts).
 */
export { bookingSettings, siteSettings } from './config'

export interface RenderedPage {
  /** The markup inside #root. */
  html: string
  /** The tags for <head>. */
  head: string
  /** The router's status: 200, 404 for a path no route serves (or a loader's notFound), 500 for an error. */
  status: number
}

/** Renders one path to static HTML, waiting for every lazy part (build-time prerender and 404 pages). */
export async function renderPage(url: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  const status = getSsrStatus(router)
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {/* In the browser the router wraps its matches in a Suspense boundary that it leaves out on the
          server; this one stands in for it so the hydrated tree has the same boundaries. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </StrictMode>,
    // Never outline a large boundary behind its fallback: that needs an inline script, which the CSP
    // forbids, and the page would show 'Loading…' until hydration. The whole page is inline instead.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return { html: Buffer.concat(chunks).toString('utf8'), head: headTags(router.state.location.pathname), status }
}

/** Renders a path into the built index.html template: the one call the server makes (core/renderContract.ts). */
export const renderDocument: RenderModule['renderDocument'] = async (template, url) => {
  const page = await renderPage(url)
  // React puts resource hints (image preloads) before the markup; they belong in <head>, and left
  // inside #root they would not match what the browser hydrates.
  const hints = /^(?:<link [^>]*\/>)+/.exec(page.html)?.[0] ?? ''
  const body = page.html.slice(hints.length)
  return {
    status: page.status,
    // Function replacers: a `$&` or `$1` in the page (an error message quoting the URL) stays as it is.
    html: template.replace('<!--app-head-->', () => `${page.head}\n    ${hints}`).replace('<!--app-html-->', () => body),
  }
}

/** Every page to prerender and list in the sitemap: the router's routes; throws naming a route without its head. */
export function listPages(): SitePage[] {
  return sitePages(Object.values(createAppRouter(createMemoryHistory()).routesById))
}

/** Every shell to prerender (once per shell route, served for every value of its param), never in the sitemap. */
export function listShells(): SiteShell[] {
  return siteShells(Object.values(createAppRouter(createMemoryHistory()).routesById))
}

/** The ids of the routes a path matches, root first (scripts/build.ts preloads their split files on each page). */
export function matchedRouteIds(path: string): string[] {
  const [routes] = createAppRouter(createMemoryHistory()).getMatchedRoutes(path)
  return routes.map((route) => route.id)
}
