import { describe, expect, it } from 'vitest'
import { applyTranscript, formatElapsed, type Caption } from '../../../machines/voiceCaptions'

describe('captions', () => {
  it('a partial line is replaced by the next partial and settled by the final', () => {
    let c: Caption[] = []
    c = applyTranscript(c, { role: 'assistant', text: 'Kia', final: false })
    c = applyTranscript(c, { role: 'assistant', text: 'Kia ora', final: false })
    expect(c.map((x) => x.text)).toEqual(['Kia ora'])
    c = applyTranscript(c, { role: 'assistant', text: 'Kia ora!', final: true })
    c = applyTranscript(c, { role: 'assistant', text: 'Next', final: false })
    expect(c.map((x) => [x.text, x.final])).toEqual([['Kia ora!', true], ['Next', false]])
  })

  it('keeps only the last three lines, with stable ids, and ignores empty text', () => {
    let c: Caption[] = []
    for (const text of ['a', 'b', 'c', 'd', ' ']) c = applyTranscript(c, { role: 'user', text, final: true })
    expect(c.map((x) => x.text)).toEqual(['b', 'c', 'd'])
    expect(new Set(c.map((x) => x.id)).size).toBe(3)
  })
})

describe('call timer text', () => {
  it('is mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00')
    expect(formatElapsed(65)).toBe('01:05')
    expect(formatElapsed(3600)).toBe('60:00')
  })
})
