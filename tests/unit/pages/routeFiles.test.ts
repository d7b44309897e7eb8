import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createMemoryHistory } from '@tanstack/react-router'
import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { createAppRouter } from '../../../src/router'
import { routeChunkFiles, routeSourceFile } from '../../../scripts/routeFiles'

const root = join(import.meta.dirname, '../../..')

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) =>
  ({ type: 'chunk', fileName, moduleIds, imports }) as unknown as Rollup.OutputChunk

describe('routeSourceFile', () => {
  it('names the file of every route the router has', () => {
    const ids = Object.keys(createAppRouter(createMemoryHistory()).routesById)
    expect(ids.length).toBeGreaterThan(10)
    expect(ids.filter((id) => !existsSync(join(root, routeSourceFile(id))))).toEqual([])
  })

  it('reads an index route, a layout and the root as the file-based routes name them', () => {
    expect(routeSourceFile('/_main/')).toBe('src/routes/_main/index.tsx')
    expect(routeSourceFile('/_main')).toBe('src/routes/_main.tsx')
    expect(routeSourceFile('/_main/articles/$slug')).toBe('src/routes/_main/articles/$slug.tsx')
    expect(routeSourceFile('__root__')).toBe('src/routes/__root.tsx')
  })
})

describe('routeChunkFiles', () => {
  const bundle: Rollup.OutputBundle = {
    'assets/app.js': chunk('assets/app.js', [`${root}/src/main.tsx`], ['assets/react.js']),
    'assets/react.js': chunk('assets/react.js', ['react']),
    'assets/about.js': chunk('assets/about.js', [`${root}/src/routes/_main/about.tsx?tsr-split=component`], ['assets/blocks.js', 'assets/react.js']),
    'assets/blocks.js': chunk('assets/blocks.js', [`${root}/src/components/blocks.tsx`], ['assets/icons.js']),
    'assets/icons.js': chunk('assets/icons.js', [`${root}/src/components/icons.tsx`]),
    'assets/faqs.js': chunk('assets/faqs.js', [`${root}/src/routes/_second/faqs.tsx?tsr-split=component`], ['assets/blocks.js']),
    'assets/about.css': { type: 'asset', fileName: 'assets/about.css' } as Rollup.OutputAsset,
  }
  const known = (file: string) => file === 'assets/app.js' || file === 'assets/react.js'

  it('gives the split files of the matched routes with what they import, leaving out what the loader fetches already', () => {
    expect(routeChunkFiles(['__root__', '/_main', '/_main/about'], bundle, root, known)).toEqual(['assets/about.js', 'assets/blocks.js', 'assets/icons.js'])
  })

  it('names a file shared by two routes once, and nothing of a route not matched', () => {
    expect(routeChunkFiles(['/_main/about', '/_second/faqs'], bundle, root, known)).toEqual(['assets/about.js', 'assets/blocks.js', 'assets/icons.js', 'assets/faqs.js'])
    expect(routeChunkFiles(['/_second/faqs'], bundle, root, known)).not.toContain('assets/about.js')
  })

  it('does not take a route for another whose name begins the same', () => {
    expect(routeChunkFiles(['/_main/abou'], bundle, root, known)).toEqual([])
  })
})
