import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { faqAccordionMachine } from '../../../machines/faqAccordion'

function start() {
  const actor = createActor(faqAccordionMachine)
  actor.start()
  return actor
}

describe('faqAccordion machine', () => {
  it('starts with every item closed', () => {
    const actor = start()
    expect(actor.getSnapshot().value).toBe('allClosed')
    expect(actor.getSnapshot().context.openIndex).toBeNull()
  })

  it('opens the clicked item', () => {
    const actor = start()
    actor.send({ type: 'TOGGLE_ITEM', index: 2 })
    expect(actor.getSnapshot().value).toBe('itemOpen')
    expect(actor.getSnapshot().context.openIndex).toBe(2)
  })

  it('keeps only one item open: opening another closes the first', () => {
    const actor = start()
    actor.send({ type: 'TOGGLE_ITEM', index: 0 })
    actor.send({ type: 'TOGGLE_ITEM', index: 3 })
    expect(actor.getSnapshot().value).toBe('itemOpen')
    expect(actor.getSnapshot().context.openIndex).toBe(3)
  })

  it('closes the open item when it is clicked again (guard isOpenItem)', () => {
    const actor = start()
    actor.send({ type: 'TOGGLE_ITEM', index: 1 })
    actor.send({ type: 'TOGGLE_ITEM', index: 1 })
    expect(actor.getSnapshot().value).toBe('allClosed')
    expect(actor.getSnapshot().context.openIndex).toBeNull()
  })

  it('OPEN_ITEM opens a closed item from allClosed', () => {
    const actor = start()
    actor.send({ type: 'OPEN_ITEM', index: 0 })
    expect(actor.getSnapshot().context.openIndex).toBe(0)
  })

  it('OPEN_ITEM on the item already open leaves it open (the Pricing intent never closes it)', () => {
    const actor = start()
    actor.send({ type: 'TOGGLE_ITEM', index: 0 })
    actor.send({ type: 'OPEN_ITEM', index: 0 })
    expect(actor.getSnapshot().value).toBe('itemOpen')
    expect(actor.getSnapshot().context.openIndex).toBe(0)
  })

  it('OPEN_ITEM while another item is open switches to the asked one', () => {
    const actor = start()
    actor.send({ type: 'TOGGLE_ITEM', index: 4 })
    actor.send({ type: 'OPEN_ITEM', index: 0 })
    expect(actor.getSnapshot().context.openIndex).toBe(0)
  })
})
