import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { COPY_CONFIRMATION_MS, copyFeedbackMachine } from '../../machines/copyFeedback'

function start(write: (text: string) => Promise<void>) {
  const clock = new SimulatedClock()
  const written: string[] = []
  const machine = copyFeedbackMachine.provide({
    actors: {
      writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
        written.push(input.text)
        await write(input.text)
      }),
    },
  })
  const actor = createActor(machine, { clock, input: { text: 'curl https://api.example/auth/token' } }).start()
  return { actor, clock, written }
}

describe('copyFeedback', () => {
  it('reads Copy until asked to copy', () => {
    const { actor, written } = start(async () => {})
    expect(actor.getSnapshot().value).toBe('idle')
    expect(written).toEqual([])
  })

  it('writes the sample to the clipboard, confirms, then returns to Copy after the named delay', async () => {
    const { actor, clock, written } = start(async () => {})
    actor.send({ type: 'COPY' })
    expect(actor.getSnapshot().value).toBe('copying')
    await waitFor(actor, (s) => s.matches('copied'))
    expect(written).toEqual(['curl https://api.example/auth/token'])

    clock.increment(COPY_CONFIRMATION_MS - 1)
    expect(actor.getSnapshot().value).toBe('copied')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('says the copy failed when the clipboard refuses, then returns to Copy', async () => {
    const { actor, clock } = start(async () => {
      throw new Error('denied')
    })
    actor.send({ type: 'COPY' })
    await waitFor(actor, (s) => s.matches('failed'))
    clock.increment(COPY_CONFIRMATION_MS)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('copying again while confirming restarts the confirmation', async () => {
    const { actor, clock, written } = start(async () => {})
    actor.send({ type: 'COPY' })
    await waitFor(actor, (s) => s.matches('copied'))
    clock.increment(COPY_CONFIRMATION_MS - 500)
    actor.send({ type: 'COPY' })
    await waitFor(actor, (s) => s.matches('copied'))
    expect(written).toHaveLength(2)
    clock.increment(COPY_CONFIRMATION_MS - 1)
    expect(actor.getSnapshot().value).toBe('copied')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('retrying after a failure copies again', async () => {
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw new Error('denied')
    })
    actor.send({ type: 'COPY' })
    await waitFor(actor, (s) => s.matches('failed'))
    fail = false
    actor.send({ type: 'COPY' })
    await waitFor(actor, (s) => s.matches('copied'))
  })
})
