import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every `docs/<file>.md#<anchor>` the repository cites must name a heading (or an anchor set by hand) that exists. */
const root = join(import.meta.dirname, '../../..')
const CITATION = /docs\/([\w-]+\.md)#([\w-]+)/g

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(root, 'docs', file), 'utf8')
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1]!))
  // An anchor set by hand on a paragraph (`<a id="outages"></a>`), as GitHub renders it.
  const named = [...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((match) => match[1]!)
  return new Set([...headings, ...named])
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|md|css|html|sql)$/.test(file) && existsSync(join(root, file)))

const citations = tracked.flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(CITATION)].map((match) => ({ file, doc: match[1]!, anchor: match[2]! })),
)

describe('documents cited in the code', () => {
  it('are cited somewhere (the check below is not empty)', () => {
    expect(citations.length).toBeGreaterThan(0)
  })

  it('name a docs/ file and a heading that exist', () => {
    const anchors = new Map<string, Set<string>>()
    const broken = citations.filter(({ doc, anchor }) => {
      if (!existsSync(join(root, 'docs', doc))) return true
      if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc))
      return !anchors.get(doc)!.has(anchor)
    })
    expect(broken.map(({ file, doc, anchor }) => `${file}: docs/${doc}#${anchor}`)).toEqual([])
  })

  it('are the only design documents cited: none outside the repository', () => {
    const outside = tracked.filter((file) => file !== 'tests/unit/docs/citations.test.ts' && /\b(SPEC|DESIGN) §/.test(readFileSync(join(root, file), 'utf8')))
    expect(outside).toEqual([])
  })

  it('never the tracker: no file names an issue number, which means nothing to a reader of the repository', () => {
    const TRACKER = /\bissues? #?\d+/i
    const naming = tracked.filter((file) => file !== 'tests/unit/docs/citations.test.ts' && TRACKER.test(readFileSync(join(root, file), 'utf8')))
    expect(naming).toEqual([])
  })
})
