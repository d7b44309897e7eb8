import { describe, expect, it } from 'vitest'
import { lookup, type StaticFile } from '../../server/http/staticSite'

const file = (name: string): StaticFile => ({ body: Buffer.from(name), type: 'text/html; charset=utf-8', etag: `"${name}"`, cacheControl: 'no-cache' })

const site = new Map<string, StaticFile>([
  ['/index.html', file('home')],
  ['/about/index.html', file('about')],
  ['/booking/_shell.html', file('shell')],
  ['/assets/app.js', file('app')],
])

const found = (path: string) => lookup(site, path)?.body.toString()

describe('static site lookup', () => {
  it('serves pages by folder and files by name', () => {
    expect(found('/')).toBe('home')
    expect(found('/about')).toBe('about')
    expect(found('/about/')).toBe('about')
    expect(found('/assets/app.js')).toBe('app')
  })

  it('serves the shell for any path one segment below its folder (the manage page /booking/{uid})', () => {
    expect(found('/booking/3f0c1a52-7d4e-4c3b-9a61-2b8e5d7f9c10')).toBe('shell')
    expect(found('/booking/anything-at-all/')).toBe('shell')
    expect(found('/booking/%E2%9C%93')).toBe('shell')
  })

  it('serves nothing for the folder itself, deeper paths, folders without a shell, or tricks', () => {
    for (const path of ['/booking', '/booking/', '/booking/a/b', '/about/team', '/assets/missing.js', '/booking/..%2Fabout', '/booking/%E0%A4%A']) {
      expect(found(path), path).toBeUndefined()
    }
  })
})
