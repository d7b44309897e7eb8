import { SHELL_FILE } from '../../../core/shellPages'
import { routeHeads, type PageHead, type ParamPageHead, type ShellHead } from '../../content/pages'

/** What the check needs of a route: the router's routes satisfy it. */
export interface RouteLike {
  path?: string
  fullPath: string
  isRoot?: boolean
  children?: unknown
}

type RouteHead = PageHead | ReadonlyArray<ParamPageHead> | ShellHead

export type RouteHeads = Readonly<Record<string, RouteHead>>

export interface SitePage {
  path: string
  head: PageHead
}

/**
 * The one prerendered page of a shell route: its URL path, `/booking/_shell.html` for a route with a param (which
 * is also its file), the route's own path for one without (`/desk`, written to its folder's index.html).
 */
export interface SiteShell {
  routePath: string
  path: string
  head: PageHead
}

const source = 'src/content/pages.ts'

const perPage = (head: RouteHead): head is ReadonlyArray<ParamPageHead> => Array.isArray(head)
const isShell = (head: RouteHead): head is ShellHead => 'shell' in head

/**
 * A shell with a param serves every value of it, which must be its route's last segment (the server serves it one
 * segment below its folder); one without params is a page of its own.
 */
function shellProblem(routePath: string): string | undefined {
  const params = routePath.split('/').filter((segment) => segment.includes('$'))
  if (params.length === 0 || (params.length === 1 && /^\$\w+$/.test(routePath.split('/').at(-1) ?? ''))) return undefined
  return `Route ${routePath} is a shell: it needs exactly one param, as its last segment, or none (${source})`
}

/** A shell's path: '/booking/$uid' → '/booking/_shell.html' (in the route's folder); '/desk' → '/desk'. */
const shellPath = (routePath: string) => (routePath.includes('$') ? `${routePath.split('/').slice(0, -1).join('/')}/${SHELL_FILE}` : routePath)

/**
 * The paths of the routes a visitor can land on, sorted: the leaves of the tree. The root (which also
 * shows the not-found view) and the layouts only wrap them.
 */
export function leafRoutePaths(routes: Iterable<RouteLike>): string[] {
  const paths = new Set<string>()
  for (const route of routes) {
    const children = route.children ? Object.values(route.children) : []
    if (route.isRoot || !route.path || children.length > 0) continue
    paths.add(route.fullPath === '/' ? '/' : route.fullPath.replace(/\/+$/, ''))
  }
  return [...paths].sort()
}

/** Puts the params into a route path; only whole `$name` segments are params here. */
export function fillParams(routePath: string, params: Readonly<Record<string, string>>): string {
  return routePath
    .split('/')
    .map((segment) => {
      if (!segment.includes('$')) return segment
      const value = /^\$\w+$/.test(segment) ? params[segment.slice(1)] : undefined
      if (value === undefined) throw new Error(`Route ${routePath}: no value for ${segment} in ${JSON.stringify(params)}`)
      return encodeURIComponent(value)
    })
    .join('/')
}

function pagesOfRoute(routePath: string, head: RouteHead): SitePage[] {
  if (isShell(head)) return []
  if (!perPage(head)) return [{ path: routePath, head }]
  return head.map(({ params, title, description }) => ({ path: fillParams(routePath, params), head: { title, description } }))
}

/**
 * Every page of the routes, in route order, with its head (a shell route has none: see checkShells).
 * Throws one error that names every route without a title and description and every head without a route.
 */
export function checkPages(routePaths: readonly string[], heads: RouteHeads): SitePage[] {
  const problems: string[] = []
  const pages: SitePage[] = []
  for (const routePath of routePaths) {
    const head = Object.hasOwn(heads, routePath) ? heads[routePath] : undefined
    const hasParams = routePath.includes('$')
    if (head === undefined || (perPage(head) && head.length === 0)) {
      problems.push(`Route ${routePath} has no title and description in ${source}`)
    } else if (isShell(head)) {
      const problem = shellProblem(routePath)
      if (problem) problems.push(problem)
    } else if (perPage(head) !== hasParams) {
      problems.push(
        hasParams
          ? `Route ${routePath} has params: give each of its pages its params, title and description in ${source}`
          : `Route ${routePath} has no params: give it one title and description in ${source}`,
      )
    } else {
      try {
        pages.push(...pagesOfRoute(routePath, head))
      } catch (error) {
        problems.push(`${(error as Error).message} (${source})`)
      }
    }
  }
  for (const key of Object.keys(heads)) {
    if (!routePaths.includes(key)) problems.push(`${source} has a title and description for ${key}, which is not a route`)
  }
  const seen = new Set<string>()
  for (const { path } of pages) {
    if (seen.has(path)) problems.push(`Page ${path} is listed twice in ${source}`)
    seen.add(path)
  }
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return pages
}

/** The shell of every shell route (checkPages has checked them). */
export function checkShells(routePaths: readonly string[], heads: RouteHeads): SiteShell[] {
  return routePaths.flatMap((routePath) => {
    const head = Object.hasOwn(heads, routePath) ? heads[routePath] : undefined
    return head && isShell(head) ? [{ routePath, path: shellPath(routePath), head: { title: head.title, description: head.description } }] : []
  })
}

/** The site's pages: the router's own routes (`Object.values(router.routesById)`), each with its head from the content. */
export function sitePages(routes: Iterable<RouteLike>): SitePage[] {
  return checkPages(leafRoutePaths(routes), routeHeads)
}

/** The site's shells, one per shell route: prerendered, but neither listed in the sitemap nor indexed. */
export function siteShells(routes: Iterable<RouteLike>): SiteShell[] {
  return checkShells(leafRoutePaths(routes), routeHeads)
}

/** The head of every page by its path, for lookups by pathname; the content's keys are route paths, so no router is needed. */
export function headsByPath(heads: RouteHeads): Map<string, PageHead> {
  return new Map(Object.entries(heads).flatMap(([routePath, head]) => pagesOfRoute(routePath, head).map((p) => [p.path, p.head] as const)))
}

/** The head of every shell with a param by the folder it serves: '/booking/$uid' → '/booking'. */
export function shellHeadsByFolder(heads: RouteHeads): Map<string, PageHead> {
  return new Map(
    Object.entries(heads).flatMap(([routePath, head]) =>
      isShell(head) && routePath.includes('$') ? [[routePath.split('/').slice(0, -1).join('/'), { title: head.title, description: head.description }] as const] : [],
    ),
  )
}

/** The head of every shell without params by its path: '/desk'. */
export function shellHeadsByPath(heads: RouteHeads): Map<string, PageHead> {
  return new Map(
    Object.entries(heads).flatMap(([routePath, head]) =>
      isShell(head) && !routePath.includes('$') ? [[routePath, { title: head.title, description: head.description }] as const] : [],
    ),
  )
}
