import { createMemoryHistory } from '@tanstack/react-router'
import { expect, it } from 'vitest'
import { articles } from '../../../src/content/articles'
import { routeHeads } from '../../../src/content/pages'
import { leafRoutePaths, sitePages } from '../../../src/lib/pages'
import { createAppRouter } from '../../../src/router'

const routes = Object.values(createAppRouter(createMemoryHistory()).routesById)

it('the route tree and src/content/pages.ts agree: every route has its head, every head its route', () => {
  expect(leafRoutePaths(routes).sort()).toEqual(Object.keys(routeHeads).sort())
  expect(() => sitePages(routes)).not.toThrow()
})

it('the pages are each static route once and one page per article', () => {
  const paths = sitePages(routes).map((page) => page.path)
  const staticRoutes = leafRoutePaths(routes).filter((path) => !path.includes('$'))
  expect(paths).toEqual(expect.arrayContaining([...staticRoutes, ...articles.map((a) => `/articles/${a.slug}`)]))
  expect(paths).toHaveLength(staticRoutes.length + articles.length)
})
