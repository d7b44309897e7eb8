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

  it('keeps its two commands', () => {
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('npm install && npm test')
  })
})
