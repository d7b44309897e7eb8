import { describe, expect, it } from 'vitest'
import { connectingLabel, startCallLabel } from '../../../src/content/voice'
import { callButtonLabels } from '../../../src/content/voiceCallPanel'

describe("the voice widget's copy", () => {
  it("the first-load shell's labels are the call part's (kept apart only for the first load)", () => {
    expect([startCallLabel, connectingLabel]).toEqual([callButtonLabels.idle, callButtonLabels.connecting])
  })

  it('the labels are docs/design.md#states’s', () => {
    expect(Object.values(callButtonLabels)).toEqual(['Start a call', 'Connecting...', 'End Call', 'Ending...', 'Retry Call'])
  })
})
