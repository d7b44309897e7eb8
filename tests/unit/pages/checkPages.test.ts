import { describe, expect, it } from 'vitest'
import { checkPages, checkShells, fillParams, leafRoutePaths, type RouteHeads } from '../../../src/lib/pages/sitePages'

const head = (title: string) => ({ title, description: `About ${title}.` })

describe('checkPages', () => {
  const heads: RouteHeads = {
    '/': head('Home'),
    '/about': head('About'),
    '/articles/$slug': [
      { params: { slug: 'one' }, ...head('One') },
      { params: { slug: 'two' }, ...head('Two') },
    ],
  }

  it('lists every page of the routes with its head, a route with params once per page', () => {
    expect(checkPages(['/', '/about', '/articles/$slug'], heads)).toEqual([
      { path: '/', head: head('Home') },
      { path: '/about', head: head('About') },
      { path: '/articles/one', head: head('One') },
      { path: '/articles/two', head: head('Two') },
    ])
  })

  it('names the route that has no title and description', () => {
    expect(() => checkPages(['/', '/about', '/articles/$slug', '/pricing'], heads)).toThrow(
      'Route /pricing has no title and description in src/content/pages.ts',
    )
  })

  it('names every problem at once, a head without a route among them', () => {
    const { '/about': _about, ...withoutAbout } = heads
    let message = ''
    try {
      checkPages(['/', '/about', '/pricing'], withoutAbout)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message.split('\n')).toEqual([
      'Route /about has no title and description in src/content/pages.ts',
      'Route /pricing has no title and description in src/content/pages.ts',
      'src/content/pages.ts has a title and description for /articles/$slug, which is not a route',
    ])
  })

  it('counts a route with params and no pages as a route without a head', () => {
    expect(() => checkPages(['/articles/$slug'], { '/articles/$slug': [] })).toThrow(
      'Route /articles/$slug has no title and description in src/content/pages.ts',
    )
  })

  it('wants one head per page for a route with params, and one head for a route without', () => {
    expect(() => checkPages(['/articles/$slug'], { '/articles/$slug': head('Articles') })).toThrow(/Route \/articles\/\$slug has params/)
    expect(() => checkPages(['/about'], { '/about': [{ params: {}, ...head('About') }] })).toThrow(/Route \/about has no params/)
  })

  it('refuses a page whose params do not fill its route, and a page listed twice', () => {
    expect(() => checkPages(['/articles/$slug'], { '/articles/$slug': [{ params: { id: 'one' }, ...head('One') }] })).toThrow(
      /Route \/articles\/\$slug: no value for \$slug/,
    )
    expect(() =>
      checkPages(['/articles/$slug'], {
        '/articles/$slug': [
          { params: { slug: 'one' }, ...head('One') },
          { params: { slug: 'one' }, ...head('Again') },
        ],
      }),
    ).toThrow('Page /articles/one is listed twice in src/content/pages.ts')
  })
})

describe('leafRoutePaths', () => {
  it('keeps the routes a visitor lands on and leaves out the root and the layouts, sorted', () => {
    const about = { path: 'about', fullPath: '/about' }
    const index = { path: '/', fullPath: '/' }
    const servicesIndex = { path: '/', fullPath: '/services/' }
    const services = { path: 'services', fullPath: '/services', children: { servicesIndex } }
    const layout = { fullPath: '/', children: [about, index, services] }
    const root = { path: '/', fullPath: '/', isRoot: true, children: [layout] }
    expect(leafRoutePaths([root, layout, about, index, services, servicesIndex])).toEqual(['/', '/about', '/services'])
  })
})

describe('fillParams', () => {
  it('puts encoded values into $param segments', () => {
    expect(fillParams('/articles/$slug', { slug: 'a b' })).toBe('/articles/a%20b')
    expect(fillParams('/about', {})).toBe('/about')
  })
})

describe('shell routes (made in the browser for any value of their param)', () => {
  const shell = { shell: true as const, ...head('Manage') }

  it('are no page of their own, but one shell in their folder', () => {
    const heads: RouteHeads = { '/': head('Home'), '/booking/$uid': shell }
    expect(checkPages(['/', '/booking/$uid'], heads)).toEqual([{ path: '/', head: head('Home') }])
    expect(checkShells(['/', '/booking/$uid'], heads)).toEqual([{ routePath: '/booking/$uid', path: '/booking/_shell.html', head: head('Manage') }])
  })

  it('need exactly one param, as their last segment, or none', () => {
    expect(() => checkPages(['/booking/$uid/edit'], { '/booking/$uid/edit': shell })).toThrow(
      'Route /booking/$uid/edit is a shell: it needs exactly one param, as its last segment, or none (src/content/pages.ts)',
    )
    expect(() => checkPages(['/$a/$b'], { '/$a/$b': shell })).toThrow(/Route \/\$a\/\$b is a shell/)
  })

  it('without params are no listed page, but a shell at their own path', () => {
    const heads: RouteHeads = { '/': head('Home'), '/desk': shell }
    expect(checkPages(['/', '/desk'], heads)).toEqual([{ path: '/', head: head('Home') }])
    expect(checkShells(['/', '/desk'], heads)).toEqual([{ routePath: '/desk', path: '/desk', head: head('Manage') }])
  })
})
