/** Where a booking's call happens: its own video room, derived with the server's secret, or the host's fixed room. */
import { describe, expect, it } from 'vitest'
import { callLocationOf, videoCallUrl, videoRoom } from '../../server/calendar/callLocation'
import { buildCalendar } from '../../core/icalendar'
import { parseInvite } from './support/invite'

const SECRET = 'a-secret-of-the-server-0123456789'

describe('a booking’s video room', () => {
  it('is at least 16 random-looking characters, the same for the same booking, different between bookings and secrets', () => {
    const room = videoRoom(SECRET, 41)
    expect(room).toMatch(/^[0-9a-f]{24}$/)
    expect(videoRoom(SECRET, 41)).toBe(room)
    expect(videoRoom(SECRET, 42)).not.toBe(room)
    expect(videoRoom('another-secret-0123456789abcdefgh', 41)).not.toBe(room)
    // Nothing of the booking's id shows in it.
    expect(room).not.toContain('41')
  })

  it('fills {room} of the template; a template without it is the host’s fixed room', () => {
    expect(videoCallUrl('https://meet.jit.si/{room}', SECRET, 41)).toBe(`https://meet.jit.si/${videoRoom(SECRET, 41)}`)
    expect(videoCallUrl('https://meet.example.org/team-room', SECRET, 41)).toBe('https://meet.example.org/team-room')
    expect(callLocationOf('https://meet.jit.si/{room}', SECRET, { id: 7 })).toEqual({ type: 'video', url: `https://meet.jit.si/${videoRoom(SECRET, 7)}` })
  })

  it('is the invite’s LOCATION and its RFC 7986 CONFERENCE, read back with ical.js', () => {
    const url = videoCallUrl('https://meet.jit.si/{room}', SECRET, 41)
    const ics = buildCalendar({
      method: 'REQUEST',
      now: '2026-11-23T00:00:00Z',
      events: [{ uid: 'event-41@kiwi', title: 'Call', startTime: '2026-11-24T21:00:00Z', endTime: '2026-11-24T21:15:00Z', location: url, conference: url }],
    })
    expect(ics.replace(/\r\n /g, '')).toContain(`CONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO;LABEL=Join the call:${url}\r\n`)
    expect(parseInvite(ics)).toMatchObject({ location: url, conference: url })
  })
})
