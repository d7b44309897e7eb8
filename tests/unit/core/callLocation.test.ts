import { describe, expect, it } from 'vitest'
import { joinLinkOf, locationLine } from '../../../core/callLocation'

describe('the join link of an answer', () => {
  const link = 'https://meet.jit.si/0123456789abcdef01234567'

  it('is metadata.videoCallUrl, as Cal.com answers (its location may name an integration instead)', () => {
    expect(joinLinkOf({ location: 'integrations:daily', metadata: { videoCallUrl: 'https://app.cal.com/video/abc' } })).toBe('https://app.cal.com/video/abc')
    expect(joinLinkOf({ location: link, metadata: { videoCallUrl: link } })).toBe(link)
  })

  it('is the location when that is an https link; nothing for a phone number, an integration or no location', () => {
    expect(joinLinkOf({ location: link })).toBe(link)
    expect(joinLinkOf({ location: '+64215550123', metadata: {} })).toBeUndefined()
    expect(joinLinkOf({ location: 'integrations:daily' })).toBeUndefined()
    expect(joinLinkOf({ location: 'javascript:alert(1)' })).toBeUndefined()
    expect(joinLinkOf({})).toBeUndefined()
  })

  it('is the LOCATION of a video call; a phone call names the number', () => {
    expect(locationLine({ type: 'video', url: link })).toBe(link)
    expect(locationLine({ type: 'phone', phone: '+64215550123' })).toBe('Phone call: +64215550123')
  })
})
