import { routeHeads, type PageHead, type ParamPageHead } from '../content/pages'

/** What the check needs of a route: the router's routes satisfy it. */
export interface RouteLike {
  path?: string
  fullPath: string
  isRoot?: boolean
  children?: unknown
}

export type RouteHeads = Readonly<Record<string, PageHead | ReadonlyArray<ParamPageHead>>>

export interface SitePage {
  path: string
  head: PageHead
}

const source = 'src/content/pages.ts'

const perPage = (head: PageHead | ReadonlyArray<ParamPageHead>): head is ReadonlyArray<ParamPageHead> => Array.isArray(head)

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

function pagesOfRoute(routePath: string, head: PageHead | ReadonlyArray<ParamPageHead>): SitePage[] {
  if (!perPage(head)) return [{ path: routePath, head }]
  return head.map(({ params, title, description }) => ({ path: fillParams(routePath, params), head: { title, description } }))
}

/**
 * Every page of the routes, in route order, with its head. Throws one error that names every route
 * without a title and description and every head without a route.
 */
export function checkPages(routePaths: readonly string[], heads: RouteHeads): SitePage[] {
  const problems: string[] = []
  const pages: SitePage[] = []
  for (const routePath of routePaths) {
    const head = Object.hasOwn(heads, routePath) ? heads[routePath] : undefined
    const hasParams = routePath.includes('$')
    if (head === undefined || (perPage(head) && head.length === 0)) {
      problems.push(`Route ${routePath} has no title and description in ${source}`)
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

/** The site's pages: the router's own routes (`Object.values(router.routesById)`), each with its head from the content. */
export function sitePages(routes: Iterable<RouteLike>): SitePage[] {
  return checkPages(leafRoutePaths(routes), routeHeads)
}

/** The head of every page by its path, for lookups by pathname; the content's keys are route paths, so no router is needed. */
export function headsByPath(heads: RouteHeads): Map<string, PageHead> {
  return new Map(Object.entries(heads).flatMap(([routePath, head]) => pagesOfRoute(routePath, head).map((p) => [p.path, p.head] as const)))
}
