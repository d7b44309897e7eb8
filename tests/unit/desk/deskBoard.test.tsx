import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { DESK_TEXTS, type DeskView, type TimeOffRequest } from '../../../core/deskWire'
import { deskMachine } from '../../../machines/desk'
import { DeskBoard } from '../../../src/components/desk/DeskBoard'
import { NOW } from '../../paths/ui/support/bookingModel'
import { DESK, EMPTY, SOON, TOMORROW_CALL, YESTERDAY_CALL } from '../../paths/ui/support/deskModel'

/** A request that never answers: the board as it is drawn before any answer. */
const waiting = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}))

/** The board as it renders for the view at `now` (ms after the models' NOW), after the host's events. */
function board(view: DeskView, elapsed = 0, events: Parameters<ReturnType<typeof createActor<typeof deskMachine>>['send']>[0][] = []) {
  const machine = deskMachine.provide({
    actors: {
      loadDesk: waiting<DeskView, unknown>(),
      cancelCall: waiting<DeskView, { uid: string; reason: string }>(),
      markNoShow: waiting<DeskView, { uid: string; noShow: boolean; rebook: boolean }>(),
      addTimeOff: waiting<DeskView, TimeOffRequest>(),
      removeTimeOff: waiting<DeskView, { id: string }>(),
      signOut: waiting<void, unknown>(),
    },
    actions: { focusReason: () => {}, returnFocus: () => {} },
  })
  const actor = createActor(machine, { input: { view, clock: () => Date.parse(NOW) + elapsed } }).start()
  for (const event of events) actor.send(event)
  const html = renderToStaticMarkup(<DeskBoard actor={actor} />)
  actor.stop()
  return html
}

/** The text between a tag's opening with `marker` and its end, roughly: enough to find what an element holds. */
const around = (html: string, marker: string, length = 400) => html.slice(html.indexOf(marker), html.indexOf(marker) + length)

describe('DeskBoard: what the host sees', () => {
  it('lists the upcoming calls under a heading per day in the host zone (a call in the time off first), then the past ones, then the time off', () => {
    const html = board(DESK)
    // The day headings in whatever locale the run has: 'Wednesday, 4 March 2026' or 'Wednesday, March 4, 2026'.
    const day = (weekday: string, date: number) => new RegExp(`<h3[^>]*>${weekday}, (${date} March|March ${date}),? 2026</h3>`)
    const order = [DESK_TEXTS.upcoming, day('Wednesday', 4), day('Tuesday', 3), DESK_TEXTS.past, day('Monday', 2), DESK_TEXTS.timeOff]
    const at = order.map((text) => (typeof text === 'string' ? html.indexOf(text) : html.search(text)))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(html).toContain('<h2 id="desk-upcoming-heading"')
  })

  it('writes each call with its time in the host zone, who, how they meet and where they came from', () => {
    const html = board(DESK)
    expect(html).toMatch(/>9:00 am – 9:15 am</i)
    expect(html).toMatch(/>10:00 am – 10:15 am</i)
    expect(html).toContain(`href="mailto:${SOON.email}"`)
    expect(html).toContain(`href="tel:${TOMORROW_CALL.phone}"`)
    expect(html).toContain(DESK_TEXTS.phoneCall)
    expect(html).toContain(SOON.notes)
    expect(html).toContain(DESK_TEXTS.cameFrom)
    expect(html).toContain(DESK_TEXTS.bookedByForm)
    expect(html).toContain(DESK_TEXTS.bookedByVoice)
    expect(html).toContain(DESK_TEXTS.brief)
    expect(html).toContain(DESK_TEXTS.inTimeOff)
    // The join link of the upcoming call only: the past call has none.
    expect(html.split(`href="${SOON.joinUrl}"`).length - 1).toBe(1)
  })

  it('makes "Join" the prominent button from ten minutes before the start', () => {
    // SOON starts 20 s after NOW: its Join is the primary (sky) button already.
    expect(around(board(DESK), `href="${SOON.joinUrl}"`)).toContain('bg-sky-400')
    const later: DeskView = { ...DESK, upcoming: [{ ...SOON, startTime: '2026-03-02T21:00:00.000Z', endTime: '2026-03-02T21:15:00.000Z' }], past: [] }
    expect(around(board(later), `href="${SOON.joinUrl}"`)).not.toContain('bg-sky-400')
  })

  it('offers "Mark no-show" once a call has started, with the rebook mail on by default, and "Undo no-show" once marked', () => {
    const html = board(DESK)
    // The past call has started; SOON not yet (the board's timer has not moved).
    expect(html.split(DESK_TEXTS.markNoShow).length - 1).toBe(1)
    expect(html).toContain(DESK_TEXTS.rebookMail)
    expect(html).toMatch(/<input [^>]*type="checkbox"[^>]*name="rebook" checked=""/)
    const marked = board({ ...DESK, past: [{ ...YESTERDAY_CALL, noShow: true }] })
    expect(marked).toContain(DESK_TEXTS.undoNoShow)
    expect(marked).toContain(DESK_TEXTS.noShow)
    expect(marked).not.toContain(DESK_TEXTS.markNoShow)
  })

  it('says so when there is nothing to list', () => {
    const html = board(EMPTY)
    expect(html).toContain(DESK_TEXTS.noUpcoming)
    expect(html).toContain(DESK_TEXTS.noPast)
    expect(html).toContain(DESK_TEXTS.noTimeOff)
  })

  it('opens a labelled dialog with the reason field for "Cancel call"', () => {
    expect(board(DESK)).not.toContain('<dialog')
    const html = board(DESK, 0, [{ type: 'CANCEL_CALL', uid: TOMORROW_CALL.uid }, { type: 'REASON_CHANGED', value: 'Unwell' }])
    expect(html).toContain('aria-labelledby="desk-cancel-title"')
    expect(html).toContain(DESK_TEXTS.reasonLabel)
    expect(html).toContain('>Unwell</textarea>')
    expect(html).toContain(DESK_TEXTS.confirmCancel)
    expect(html).toContain(DESK_TEXTS.keepCall)
  })

  it('shows the time-off check beside the form', () => {
    const html = board(DESK, 0, [{ type: 'TIME_OFF_CHANGED', field: 'from', value: '2026-03-05' }, { type: 'ADD_TIME_OFF' }])
    expect(around(html, DESK_TEXTS.timeOffFrom, 4000)).toContain(DESK_TEXTS.timeOffOrder)
  })
})
