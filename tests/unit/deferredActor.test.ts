import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { faqAccordionMachine } from '../../machines/faqAccordion'
import { deferredActor } from '../../src/boot/deferredActor'
import { deferredModule } from '../../src/boot/deferredModule'
import { deferred, settle } from '../paths/support/fakes'

/** An accordion whose code (here: the machine and createActor) arrives when the test says so. */
function setupAccordion() {
  const idle = deferred<void>()
  const code = deferred<{ machine: typeof faqAccordionMachine }>()
  const importCode = vi.fn(() => code.promise)
  const created = vi.fn()
  const accordion = deferredActor(deferredModule(importCode, () => idle.promise), ({ machine }) => {
    const actor = createActor(machine)
    created(actor)
    return actor
  })
  const notified = vi.fn()
  accordion.subscribe(notified)
  const openIndex = () => accordion.getSnapshot()?.context.openIndex
  const load = async () => {
    code.resolve({ machine: faqAccordionMachine })
    await settle()
  }
  return { accordion, idle, importCode, created, notified, openIndex, load }
}

describe('deferredActor (site machines out of the first load)', () => {
  it('imports nothing until the page is idle; then runs the machine from its initial state and tells its readers', async () => {
    const t = setupAccordion()
    t.accordion.start()
    await settle()
    expect(t.importCode).not.toHaveBeenCalled()
    expect(t.accordion.getSnapshot()).toBeUndefined()
    t.idle.resolve()
    await settle()
    expect(t.importCode).toHaveBeenCalledTimes(1)
    await t.load()
    expect(t.accordion.getSnapshot()?.value).toBe('allClosed')
    expect(t.notified).toHaveBeenCalled()
  })

  it('an event sent before the code has loaded imports it at once, and every such event reaches the machine, in order', async () => {
    const t = setupAccordion()
    t.accordion.start()
    t.accordion.send({ type: 'TOGGLE_ITEM', index: 2 })
    t.accordion.send({ type: 'TOGGLE_ITEM', index: 1 })
    expect(t.importCode).toHaveBeenCalledTimes(1)
    expect(t.openIndex()).toBeUndefined()
    await t.load()
    // 2 opened, then 1 opened in its place: the second event was applied after the first.
    expect(t.openIndex()).toBe(1)
    t.accordion.send({ type: 'TOGGLE_ITEM', index: 1 })
    expect(t.openIndex()).toBeNull()
    expect(t.created).toHaveBeenCalledTimes(1)
  })

  it('an event sent before start waits for it: the actor is made only when a view runs it', async () => {
    const t = setupAccordion()
    t.accordion.send({ type: 'OPEN_ITEM', index: 0 })
    await t.load()
    expect(t.created).not.toHaveBeenCalled()
    t.accordion.start()
    expect(t.openIndex()).toBe(0)
  })

  it('stopping stops the actor and shows the initial state again; a later start runs a new actor (React strict mode remounts)', async () => {
    const t = setupAccordion()
    const stop = t.accordion.start()
    t.idle.resolve()
    await t.load()
    t.accordion.send({ type: 'OPEN_ITEM', index: 3 })
    expect(t.openIndex()).toBe(3)
    const first = t.created.mock.calls[0]![0] as ReturnType<typeof createActor<typeof faqAccordionMachine>>
    stop()
    expect(first.getSnapshot().status).toBe('stopped')
    expect(t.accordion.getSnapshot()).toBeUndefined()
    t.accordion.start()
    expect(t.created).toHaveBeenCalledTimes(2)
    expect(t.openIndex()).toBeNull()
  })

  it('a stop before the page is idle cancels the import', async () => {
    const t = setupAccordion()
    const stop = t.accordion.start()
    stop()
    t.idle.resolve()
    await settle()
    expect(t.importCode).not.toHaveBeenCalled()
  })
})
