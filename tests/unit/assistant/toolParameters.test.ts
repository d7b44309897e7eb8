/** A tool's arguments as the voice platform takes them: what its JSON Schema cannot say is refused by name, not sent. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { toolParameters } from '../../../scripts/assistant/toolParameters'

describe('toolParameters', () => {
  it('an optional argument that may be null is declared with its one type, and not required', () => {
    const parameters = toolParameters('t', v.object({ a: v.pipe(v.string(), v.description('A.')), b: v.nullish(v.pipe(v.picklist(['x', 'y']), v.description('B.'))) }))
    expect(parameters).toEqual({ type: 'object', properties: { a: { type: 'string', description: 'A.' }, b: { type: 'string', enum: ['x', 'y'], description: 'B.' } }, required: ['a'] })
  })

  it('keywords the platform has not (lengths, defaults) are left to the route', () => {
    const parameters = toolParameters('t', v.object({ a: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(9), v.regex(/^\d+$/)), b: v.optional(v.number(), 3) }))
    expect(parameters.properties).toEqual({ a: { type: 'string', pattern: '^\\d+$' }, b: { type: 'number' } })
  })

  it('what the platform cannot declare stops the command, naming the argument', () => {
    expect(() => toolParameters('t', v.object({ when: v.union([v.string(), v.number()]) }))).toThrow("t.when: the voice platform's JSON Schema has no anyOf; give the argument one type")
    expect(() => toolParameters('t', v.object({ level: v.picklist([1, 2]) }))).toThrow("t.level: the voice platform's enum takes strings only")
    expect(() => toolParameters('t', v.string() as unknown as v.GenericSchema)).toThrow("t: a tool's arguments must be an object")
  })
})
