import { expect, it } from 'vitest'
import { shellFileFor } from '../../../core/shellPages'

it('a path one segment below a folder has its shell in that folder; the root and top-level paths have none', () => {
  expect(shellFileFor('/booking/abc')).toBe('/booking/_shell.html')
  expect(shellFileFor('/a/b/c')).toBe('/a/b/_shell.html')
  expect(shellFileFor('/booking')).toBeUndefined()
  expect(shellFileFor('')).toBeUndefined()
  expect(shellFileFor('/booking//abc')).toBeUndefined()
})
