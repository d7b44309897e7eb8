import { describe, expect, it } from 'vitest'
import { BoundedMap } from '../../server/runtime/boundedMap'

describe('BoundedMap', () => {
  it('forgets the oldest key when a new one would pass the limit, and never for a key it holds', () => {
    const map = new BoundedMap<string, number>(2)
    map.set('a', 1).set('b', 2).set('b', 3)
    expect([...map]).toEqual([['a', 1], ['b', 3]])
    map.set('c', 4)
    expect([...map]).toEqual([['b', 3], ['c', 4]])
  })
})
