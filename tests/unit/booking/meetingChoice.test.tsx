import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import type { CallKind } from '../../../core/browserSettings'
import { MeetingChoice } from '../../../src/components/booking/MeetingChoice'

function markup(locations: readonly CallKind[], location: CallKind): string {
  const ignore = () => {}
  return renderToStaticMarkup(
    <MeetingChoice
      id="book"
      locations={locations}
      location={location}
      phone=""
      phoneError={undefined}
      readOnly={false}
      onLocation={ignore}
      onPhone={ignore}
      onPhoneBlur={ignore}
    />,
  )
}

describe('MeetingChoice: how the call happens (docs/design.md#where-the-call-happens)', () => {
  it('draws nothing on a video-only site, so the form keeps one gap between Email Address and Select Time', () => {
    expect(markup(['video'], 'video')).toBe('')
  })

  it('offers both ways when the host does, with no phone field while video is chosen', () => {
    const html = markup(['video', 'phone'], 'video')
    expect(html).toContain('Video call')
    expect(html).toContain('Phone call')
    expect(html).not.toContain('type="tel"')
  })

  it('asks for the number alone on a phone-only site', () => {
    const html = markup(['phone'], 'phone')
    expect(html).not.toContain('type="radio"')
    expect(html).toContain('type="tel"')
    expect(html).toContain('Phone number')
  })
})
