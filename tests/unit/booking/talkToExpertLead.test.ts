import { describe, expect, it } from 'vitest'
import { talkToExpertCopy } from '../../../src/content/bookingEntry'

/** The inline section's lead says how the call happens, as BOOKING_LOCATIONS has the form offer it. */
describe("Talk to an Expert's lead (docs/design.md#where-the-call-happens)", () => {
  it('on a video-only site, a video call and no promise to call', () => {
    const lead = talkToExpertCopy.lead(['video'])
    expect(lead).toBe("Pick a time that suits you for a video call, and we'll talk through your business and the automations that would save you the most time.")
    expect(lead).not.toMatch(/call you|phone/)
  })

  it('on a phone-only site, that we call', () => {
    expect(talkToExpertCopy.lead(['phone'])).toBe(
      "Pick a time that suits you and we'll call you to talk through your business and the automations that would save you the most time.",
    )
  })

  it("with both, the visitor's choice in the host's order", () => {
    expect(talkToExpertCopy.lead(['video', 'phone'])).toBe(
      "Pick a time that suits you, by video or phone, and we'll talk through your business and the automations that would save you the most time.",
    )
    expect(talkToExpertCopy.lead(['phone', 'video'])).toMatch(/^Pick a time that suits you, by phone or video, and /)
  })
})
