import { describe, expect, it } from 'vitest'
import { copyFeedbackMachine } from '../../../machines/copyFeedback'
import { createMachineModel, transitionCoveringPaths, walkedBy } from '../../paths/support/machineModel'
import { drawMachine } from '../../paths/support/picture'
import type { PathResult } from '../../paths/support/report'

const paths = transitionCoveringPaths(createMachineModel(copyFeedbackMachine, { input: { text: 'curl' } }))
const resultsOf = (kept: typeof paths): PathResult[] =>
  kept.map((path, i) => ({ machine: 'copyFeedback', level: 'machine', title: String(i), ...walkedBy(copyFeedbackMachine, [path]) }))
const draw = (kept: typeof paths) => drawMachine({ name: 'copyFeedback', machine: copyFeedbackMachine, results: resultsOf(kept), levels: ['machine'] })
/** The arrows' titles, the way a reader hovering them sees them. */
const arrowTitles = (svg: string) => [...svg.matchAll(/<polyline[^>]*data-walked="([^"]*)"[^>]*><title>([^<]*)<\/title>/g)].map((m) => `${m[1]}: ${m[2]}`)

describe('the picture of the path coverage', () => {
  it('draws every transition of the machine, each walked when every path ran', async () => {
    const titles = arrowTitles(await draw(paths))
    expect(titles).toHaveLength(7)
    expect(titles.filter((t) => t.startsWith('none:'))).toEqual([])
  })

  it('marks the transition that only a removed path walked as walked by no level', async () => {
    // Copying again from 'Copied!' is walked by one path only: without it, that arrow alone is unwalked.
    const again = paths.filter((p) => p.steps.map((s) => s.event.type).join(' ').includes('xstate.done.actor.writeClipboard COPY'))
    expect(again).toHaveLength(1)
    const titles = arrowTitles(await draw(paths.filter((p) => !again.includes(p))))
    expect(titles.filter((t) => t.startsWith('none:'))).toEqual(['none: COPY: walked by no level'])
  })
})
