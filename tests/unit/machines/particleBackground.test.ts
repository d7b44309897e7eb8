import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { particleBackgroundMachine, particleCount, RESIZE_SETTLE_MS } from '../../../machines/particleBackground'

function start() {
  const clock = new SimulatedClock()
  let resolveIdle: () => void = () => {}
  const stopWatching = vi.fn()
  const actor = createActor(
    particleBackgroundMachine.provide({
      actors: {
        pageEnvironment: fromCallback(() => stopWatching),
        afterFirstPaint: fromPromise(() => new Promise<void>((resolve) => (resolveIdle = resolve))),
      },
    }),
    { clock },
  )
  actor.start()
  const idle = async () => {
    resolveIdle()
    await Promise.resolve()
    await new Promise((r) => setImmediate(r))
  }
  return { actor, clock, idle, stopWatching }
}

describe('particleCount', () => {
  it('is one particle per 15000 square pixels', () => {
    expect(particleCount({ width: 1500, height: 1000 })).toBe(100)
    expect(particleCount({ width: 1280, height: 720 })).toBe(61)
    expect(particleCount({ width: 390, height: 844 })).toBe(22)
    expect(particleCount({ width: 10, height: 10 })).toBe(1)
  })
})

describe('particleBackground machine', () => {
  it('never loads under prefers-reduced-motion', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: true })
    expect(actor.getSnapshot().value).toBe('off')
    await idle()
    expect(actor.getSnapshot().value).toBe('off')
  })

  it('waits for the page to be idle, then shows and plays', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    expect(actor.getSnapshot().value).toBe('waitingForIdle')
    await idle()
    expect(actor.getSnapshot().value).toEqual({ shown: { animation: 'playing', size: 'steady' } })
  })

  it('pauses while the tab is hidden and plays again when it is visible', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    await idle()
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: true })
    expect(actor.getSnapshot().value).toEqual({ shown: { animation: 'paused', size: 'steady' } })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: false })
    expect(actor.getSnapshot().value).toEqual({ shown: { animation: 'playing', size: 'steady' } })
  })

  it('starts paused when the tab was hidden before it appeared', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: true })
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    await idle()
    expect(actor.getSnapshot().value).toEqual({ shown: { animation: 'paused', size: 'steady' } })
  })

  it('takes the viewport at once before showing, and recounts after a resize settles once shown', async () => {
    const { actor, clock, idle } = start()
    actor.send({ type: 'RESIZED', viewport: { width: 390, height: 844 } })
    expect(actor.getSnapshot().context.count).toBe(22)
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    await idle()
    actor.send({ type: 'RESIZED', viewport: { width: 1000, height: 900 } })
    clock.increment(RESIZE_SETTLE_MS - 1)
    actor.send({ type: 'RESIZED', viewport: { width: 1500, height: 1000 } })
    clock.increment(RESIZE_SETTLE_MS - 1)
    expect(actor.getSnapshot().context.count).toBe(22)
    clock.increment(1)
    expect(actor.getSnapshot().context.count).toBe(100)
    expect(actor.getSnapshot().context.viewport).toEqual({ width: 1500, height: 1000 })
  })

  it('turns off when reduced motion is switched on, and comes back when switched off', async () => {
    const { actor, idle } = start()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    await idle()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: true })
    expect(actor.getSnapshot().value).toBe('off')
    actor.send({ type: 'MOTION_PREFERENCE', reduce: true })
    expect(actor.getSnapshot().value).toBe('off')
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    expect(actor.getSnapshot().value).toBe('waitingForIdle')
  })

  it('reduced motion switched on while waiting cancels the load', () => {
    const { actor } = start()
    actor.send({ type: 'MOTION_PREFERENCE', reduce: false })
    actor.send({ type: 'MOTION_PREFERENCE', reduce: true })
    expect(actor.getSnapshot().value).toBe('off')
  })

  it('stops watching the page when stopped', () => {
    const { actor, stopWatching } = start()
    actor.stop()
    expect(stopWatching).toHaveBeenCalledTimes(1)
  })
})
