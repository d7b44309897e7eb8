import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { FAQ_EXPAND_DELAY_MS, SCROLL_DELAY_MS, scrollIntentMachine } from '../../../machines/scrollIntent'

function start({ pathname = '/' } = {}) {
  const clock = new SimulatedClock()
  const effects = {
    navigateHome: vi.fn(),
    scrollToTarget: vi.fn(),
    scrollToTop: vi.fn(),
    openFirstFaqItem: vi.fn(),
  }
  const actor = createActor(scrollIntentMachine.provide({ actions: effects }), { clock, input: { pathname } })
  actor.start()
  const state = () => actor.getSnapshot().value
  const scrolledTo = () => effects.scrollToTarget.mock.calls.map((call) => (call[1] as { target: string }).target)
  return { actor, clock, effects, state, scrolledTo }
}

describe('scrollIntent machine: on the home page', () => {
  it('scrolls to services 100 ms after the request, then rests', () => {
    const { actor, clock, effects, state, scrolledTo } = start()
    actor.send({ type: 'GO', target: 'services' })
    expect(state()).toBe('scrolling')
    expect(actor.getSnapshot().context.target).toBe('services')
    clock.increment(SCROLL_DELAY_MS - 1)
    expect(effects.scrollToTarget).not.toHaveBeenCalled()
    clock.increment(1)
    expect(scrolledTo()).toEqual(['services'])
    expect(state()).toBe('idle')
    expect(actor.getSnapshot().context.target).toBeNull()
    expect(effects.navigateHome).not.toHaveBeenCalled()
    expect(effects.openFirstFaqItem).not.toHaveBeenCalled()
  })

  it('scrolls to process the same way', () => {
    const { actor, clock, state, scrolledTo } = start()
    actor.send({ type: 'GO', target: 'process' })
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['process'])
    expect(state()).toBe('idle')
  })

  it('Pricing scrolls to the FAQ after 100 ms and opens its first item 500 ms later (guard targetIsFaq)', () => {
    const { actor, clock, effects, state, scrolledTo } = start()
    actor.send({ type: 'GO', target: 'faq' })
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['faq'])
    expect(state()).toBe('expandingFaq')
    clock.increment(FAQ_EXPAND_DELAY_MS - 1)
    expect(effects.openFirstFaqItem).not.toHaveBeenCalled()
    clock.increment(1)
    expect(effects.openFirstFaqItem).toHaveBeenCalledTimes(1)
    expect(state()).toBe('idle')
  })

  it('a new request while scrolling replaces the pending one and restarts the delay', () => {
    const { actor, clock, state, scrolledTo } = start()
    actor.send({ type: 'GO', target: 'services' })
    clock.increment(60)
    actor.send({ type: 'GO', target: 'process' })
    clock.increment(60)
    expect(scrolledTo()).toEqual([])
    clock.increment(40)
    expect(scrolledTo()).toEqual(['process'])
    expect(state()).toBe('idle')
  })

  it('a new request while waiting to open the FAQ item cancels the opening', () => {
    const { actor, clock, effects, scrolledTo } = start()
    actor.send({ type: 'GO', target: 'faq' })
    clock.increment(SCROLL_DELAY_MS + 200)
    actor.send({ type: 'GO', target: 'services' })
    clock.increment(FAQ_EXPAND_DELAY_MS)
    expect(effects.openFirstFaqItem).not.toHaveBeenCalled()
    expect(scrolledTo()).toEqual(['faq', 'services'])
  })
})

describe('scrollIntent machine: from another page', () => {
  it('navigates to / carrying the flag, and scrolls once the home page is there (no jump to the top)', () => {
    const { actor, clock, effects, state, scrolledTo } = start({ pathname: '/about' })
    actor.send({ type: 'GO', target: 'process' })
    expect(state()).toBe('navigating')
    expect(effects.navigateHome).toHaveBeenCalledTimes(1)
    expect(effects.navigateHome.mock.calls[0]![1]).toEqual({ target: 'process' })
    clock.increment(1000)
    expect(effects.scrollToTarget).not.toHaveBeenCalled()
    actor.send({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'process' })
    expect(state()).toBe('scrolling')
    expect(effects.scrollToTop).not.toHaveBeenCalled()
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['process'])
    expect(state()).toBe('idle')
  })

  it('footer Pricing from /about: navigate, scroll to the FAQ, open its first item', () => {
    const { actor, clock, effects, state, scrolledTo } = start({ pathname: '/about' })
    actor.send({ type: 'GO', target: 'faq' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'faq' })
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['faq'])
    clock.increment(FAQ_EXPAND_DELAY_MS)
    expect(effects.openFirstFaqItem).toHaveBeenCalledTimes(1)
    expect(state()).toBe('idle')
  })

  it('arriving home keeps the pending target when the navigation carried no flag', () => {
    const { actor, clock, scrolledTo } = start({ pathname: '/resources' })
    actor.send({ type: 'GO', target: 'services' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/' })
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['services'])
  })

  it('drops the intent and starts at the top when the visitor lands somewhere else (guard arrivedHome)', () => {
    const { actor, clock, effects, state } = start({ pathname: '/about' })
    actor.send({ type: 'GO', target: 'services' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/docs' })
    expect(state()).toBe('idle')
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1)
    clock.increment(SCROLL_DELAY_MS)
    expect(effects.scrollToTarget).not.toHaveBeenCalled()
  })

  it('a second request while navigating navigates again with the new flag', () => {
    const { actor, effects } = start({ pathname: '/about' })
    actor.send({ type: 'GO', target: 'services' })
    actor.send({ type: 'GO', target: 'faq' })
    expect(effects.navigateHome).toHaveBeenCalledTimes(2)
    expect(effects.navigateHome.mock.calls[1]![1]).toEqual({ target: 'faq' })
    expect(actor.getSnapshot().context.target).toBe('faq')
  })
})

describe('scrollIntent machine: changes of path', () => {
  it('every change of path without an intent scrolls to the top', () => {
    const { actor, effects, state } = start()
    actor.send({ type: 'PATH_CHANGED', pathname: '/about' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/' })
    expect(effects.scrollToTop).toHaveBeenCalledTimes(2)
    expect(state()).toBe('idle')
  })

  it('arriving on / with the flag (a history entry carrying it) scrolls to the section (guard arrivedHomeWithFlag)', () => {
    const { actor, clock, effects, scrolledTo } = start({ pathname: '/about' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'services' })
    expect(effects.scrollToTop).not.toHaveBeenCalled()
    clock.increment(SCROLL_DELAY_MS)
    expect(scrolledTo()).toEqual(['services'])
  })

  it('a report of / while on / changes nothing (guard isNewPage)', () => {
    const { actor, effects, state } = start()
    expect(actor.getSnapshot().can({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'faq' })).toBe(false)
    actor.send({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'faq' })
    expect(state()).toBe('idle')
    expect(effects.scrollToTop).not.toHaveBeenCalled()
  })

  it('a request while a navigation to / is still loading navigates again: the visitor is not home yet', () => {
    const { actor, effects, state } = start({ pathname: '/about' })
    actor.send({ type: 'GO', target: 'faq' })
    actor.send({ type: 'GO', target: 'services' })
    expect(state()).toBe('navigating')
    expect(effects.navigateHome).toHaveBeenCalledTimes(2)
    expect(effects.scrollToTarget).not.toHaveBeenCalled()
  })

  it('a flag on another path is ignored: the page starts at the top', () => {
    const { actor, effects, state } = start()
    actor.send({ type: 'PATH_CHANGED', pathname: '/about', scrollTo: 'services' })
    expect(state()).toBe('idle')
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1)
  })

  it('leaving the page while scrolling or waiting to open the FAQ cancels the intent', () => {
    const { actor, clock, effects, state } = start()
    actor.send({ type: 'GO', target: 'services' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/about' })
    expect(state()).toBe('idle')
    actor.send({ type: 'GO', target: 'faq' })
    actor.send({ type: 'PATH_CHANGED', pathname: '/', scrollTo: 'faq' })
    clock.increment(SCROLL_DELAY_MS)
    expect(state()).toBe('expandingFaq')
    actor.send({ type: 'PATH_CHANGED', pathname: '/docs' })
    expect(state()).toBe('idle')
    clock.increment(FAQ_EXPAND_DELAY_MS)
    expect(effects.openFirstFaqItem).not.toHaveBeenCalled()
    expect(effects.scrollToTop).toHaveBeenCalledTimes(2)
  })
})
