import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The README a newcomer reads in five minutes: short, and the way to every page of docs/. */
const root = join(import.meta.dirname, '../../..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

describe('the README', () => {
  it('is at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250)
  })

  it('names every page of docs/', () => {
    const pages = readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md'))
    expect(pages.length).toBeGreaterThan(0)
    expect(pages.filter((page) => !readme.includes(`docs/${page}`))).toEqual([])
  })

  it('names every script of package.json in its Scripts table', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
    const table = readme.split('\n## Scripts\n')[1]?.split('\n## ')[0] ?? ''
    // A row names its script in the first cell: `npm run name`, or `npm name` for npm's own start and test.
    const named = new Set([...table.matchAll(/^\| `npm (?:run )?([\w:-]+)` \|/gm)].map((match) => match[1]))
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((script) => !named.has(script))).toEqual([])
  })

  it('keeps its two commands', () => {
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('npm install && npm test')
  })
})
