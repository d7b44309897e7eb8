import { createMemoryHistory } from '@tanstack/react-router'
import { expect, it } from 'vitest'
import { articles } from '../../../src/content/articles'
import { routeHeads } from '../../../src/content/pages'
import { headFor, headTags } from '../../../src/lib/pages/head'
import { leafRoutePaths, sitePages, siteShells } from '../../../src/lib/pages/sitePages'
import { createAppRouter } from '../../../src/router'

const routes = Object.values(createAppRouter(createMemoryHistory()).routesById)

it('the route tree and src/content/pages.ts agree: every route has its head, every head its route', () => {
  expect(leafRoutePaths(routes).sort()).toEqual(Object.keys(routeHeads).sort())
  expect(() => sitePages(routes)).not.toThrow()
})

it('the pages are each static route once and one page per article', () => {
  const paths = sitePages(routes).map((page) => page.path)
  const staticRoutes = leafRoutePaths(routes).filter((path) => !path.includes('$') && path !== '/desk')
  expect(paths.some((path) => path.startsWith('/booking') || path.startsWith('/desk'))).toBe(false)
  expect(paths).toEqual(expect.arrayContaining([...staticRoutes, ...articles.map((a) => `/articles/${a.slug}`)]))
  expect(paths).toHaveLength(staticRoutes.length + articles.length)
})

it('the manage page /booking/$uid and the desk /desk are shells, never listed pages', () => {
  expect(siteShells(routes)).toEqual([
    { routePath: '/booking/$uid', path: '/booking/_shell.html', head: { title: 'Manage your booking | Kiwi Automate', description: expect.any(String) } },
    { routePath: '/desk', path: '/desk', head: { title: 'Desk | Kiwi Automate', description: expect.any(String) } },
  ])
})

it('the desk is noindex, without og:url, and only at its own path', () => {
  expect(headFor('/desk')).toMatchObject({ kind: 'shell', title: 'Desk | Kiwi Automate' })
  expect(headFor('/desk/').kind).toBe('shell')
  const tags = headTags('/desk')
  expect(tags).toContain('<meta name="robots" content="noindex" />')
  expect(tags).not.toContain('rel="canonical"')
  expect(tags).not.toContain('og:url')
  expect(headFor('/desk/x').kind).toBe('notFound')
})

it('a shell path has the shell\'s head, noindex and no og:url; a listed page has its canonical; anything else is not found', () => {
  expect(headFor('/booking/3f0c1a52').kind).toBe('shell')
  expect(headFor('/booking/3f0c1a52').title).toBe('Manage your booking | Kiwi Automate')
  const tags = headTags('/booking/3f0c1a52')
  expect(tags).toContain('<meta name="robots" content="noindex" />')
  expect(tags).not.toContain('rel="canonical"')
  expect(tags).not.toContain('og:url')
  expect(headTags('/about')).toContain('rel="canonical"')
  expect(headFor('/booking').kind).toBe('notFound')
  expect(headFor('/booking/a/b').kind).toBe('notFound')
})
