import { describe, expect, it } from 'vitest'
import { shortDateTime, timeRange, whenRows } from '../../server/mail/times'

/** Wednesday 2 December 2026, 10:00 in Auckland (UTC+13). */
const CALL = { startTime: '2026-12-01T21:00:00Z', endTime: '2026-12-01T21:15:00Z' }
const visitor = (zone: string) => ({ label: 'When (your time)', zone })
const host = { label: "Kiwi Automate's time", zone: 'Pacific/Auckland' }

describe('when the call is, in an email', () => {
  it('one row when the reader and the other side read the same clock', () => {
    expect(whenRows(CALL, visitor('Pacific/Auckland'), host)).toEqual([
      ['When', 'Wednesday 2 December 2026, 10:00 am to 10:15 am (Pacific/Auckland, UTC+13:00)'],
    ])
    // Another name for the same clock at that time: still one row, in the reader's words.
    expect(whenRows(CALL, visitor('Antarctica/McMurdo'), host)).toEqual([
      ['When', 'Wednesday 2 December 2026, 10:00 am to 10:15 am (Antarctica/McMurdo, UTC+13:00)'],
    ])
  })

  it("two rows, the reader's first, when the clocks differ", () => {
    expect(whenRows(CALL, visitor('America/New_York'), host)).toEqual([
      ['When (your time)', 'Tuesday 1 December 2026, 4:00 pm to 4:15 pm (America/New York, UTC-05:00)'],
      ["Kiwi Automate's time", 'Wednesday 2 December 2026, 10:00 am to 10:15 am (Pacific/Auckland, UTC+13:00)'],
    ])
  })
})

describe("the visitor's clock in an email", () => {
  it('a visitor who read the times in the 24-hour clock reads both rows in it', () => {
    expect(whenRows(CALL, { ...visitor('America/New_York'), hour24: true }, host)).toEqual([
      ['When (your time)', 'Tuesday 1 December 2026, 16:00 to 16:15 (America/New York, UTC-05:00)'],
      ["Kiwi Automate's time", 'Wednesday 2 December 2026, 10:00 to 10:15 (Pacific/Auckland, UTC+13:00)'],
    ])
  })

  it('midnight and noon in each clock', () => {
    // 00:05 and 12:05 in Auckland (UTC+13).
    expect(timeRange('2026-12-01T11:05:00Z', '2026-12-01T11:05:00Z', 'Pacific/Auckland', true)).toBe(
      'Wednesday 2 December 2026, 00:05 to 00:05 (Pacific/Auckland, UTC+13:00)',
    )
    expect(timeRange('2026-12-01T11:05:00Z', '2026-12-01T11:05:00Z', 'Pacific/Auckland')).toBe(
      'Wednesday 2 December 2026, 12:05 am to 12:05 am (Pacific/Auckland, UTC+13:00)',
    )
    expect(shortDateTime('2026-12-01T23:05:00Z', 'Pacific/Auckland', true)).toBe('Wed 2 Dec 2026, 12:05')
    expect(shortDateTime('2026-12-01T23:05:00Z', 'Pacific/Auckland')).toBe('Wed 2 Dec 2026, 12:05 pm')
  })
})
