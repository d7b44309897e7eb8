/**
 * The picture of the path coverage (`reports/paths/index.html`, written by the coverage step): every machine
 * drawn as a statechart, laid out by ELK (elkjs, layered, nested states inside their parent), each
 * transition marked by the levels whose paths walked it and, at the machine level, each guard's outcomes;
 * the mutation score beside the machine when Stryker's report exists. One self-contained HTML file.
 */
import { readFileSync } from 'node:fs'
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { AnyStateMachine } from 'xstate'
import { machineStates, machineTransitions, transitionName } from './machineModel'
import { levelLabel, type PathLevel, type PathResult } from './report'

const CHAR = 7
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** An event as an arrow's label: `after 2000 ms`, `done: bookEvent`, or the event's own type. */
function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.(.+?)\./.exec(eventType)
  if (after) return `after ${after[1]}`
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (settled) return `${settled[1]}: ${settled[2]}`
  return eventType
}

export interface MachinePicture {
  name: string
  machine: AnyStateMachine
  /** The results of the levels that ran (some levels may have none). */
  results: PathResult[]
  levels: PathLevel[]
  mutationScore?: number
}

interface Drawn {
  id: string
  label: string
  walkedBy: PathLevel[]
  guards: string[]
}

/** Draws one machine as an SVG statechart; every arrow carries `data-walked` (the levels, or `none`). */
export async function drawMachine({ name, machine, results, levels }: MachinePicture): Promise<string> {
  const states = machineStates(machine)
  const transitions = machineTransitions(machine)
  const walked = new Map(levels.map((level) => [level, new Set(results.filter((r) => r.level === level).flatMap((r) => r.transitions))]))
  const guardsWalked = new Set(results.filter((r) => r.level === 'machine').flatMap((r) => r.guards ?? []))
  const rootId = machine.root.id
  const label = (id: string) => (id === rootId ? id : id.split('.').at(-1)!)

  // Nested states inside their parent: each node's children are the states one level deeper.
  // The machine itself is a box too: transitions of the whole machine start from it.
  const nodes = new Map<string, ElkNode>([[rootId, { id: rootId, labels: [{ text: rootId, width: rootId.length * CHAR, height: 14 }], children: [] }]])
  for (const id of states) {
    const text = label(id)
    nodes.set(id, { id, width: text.length * CHAR + 24, height: 32, labels: [{ text, width: text.length * CHAR, height: 14 }], children: [] })
  }
  for (const id of states) nodes.get(id.slice(0, id.lastIndexOf('.')))?.children!.push(nodes.get(id)!)
  for (const node of nodes.values()) {
    if (node.children!.length) {
      node.layoutOptions = { 'elk.padding': '[top=28,left=12,bottom=12,right=12]' }
      delete node.width
      delete node.height
    }
  }

  const drawn: Drawn[] = []
  const edges: ElkExtendedEdge[] = []
  transitions.forEach((t, i) => {
    const key = transitionName(t)
    const walkedBy = levels.filter((level) => walked.get(level)!.has(key))
    const guards = t.transition.guard ? [`${key} taken`, `${key} refused`].filter((g) => guardsWalked.has(g)) : []
    const text = `${eventLabel(t.eventType)}${t.transition.guard ? ' [guard]' : ''}`
    t.targets.forEach((target, j) => {
      const id = `e${i}_${j}`
      drawn.push({ id, label: text, walkedBy, guards: t.transition.guard ? guards.map((g) => g.slice(key.length + 1)) : [] })
      edges.push({ id, sources: [t.source], targets: [target], labels: [{ text, width: text.length * CHAR, height: 14 }] })
    })
  })
  const graph: ElkNode = {
    id: '(graph)',
    children: [nodes.get(rootId)!],
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.direction': 'RIGHT',
      'elk.edgeLabels.inline': 'false',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
    },
  }
  const laid = await new ELK().layout(graph)

  const parts: string[] = []
  const drawNode = (node: ElkNode, dx: number, dy: number) => {
    for (const child of node.children ?? []) {
      const x = dx + (child.x ?? 0)
      const y = dy + (child.y ?? 0)
      const compound = (child.children ?? []).length > 0
      parts.push(
        `<rect class="state${compound ? ' compound' : ''}" x="${x}" y="${y}" width="${child.width}" height="${child.height}" rx="6"/>`,
        `<text class="state-label" x="${x + 10}" y="${y + (compound ? 18 : 20)}">${escapeHtml(label(child.id))}</text>`,
      )
      drawNode(child, x, y)
    }
  }
  drawNode(laid, 0, 0)
  const byId = new Map(drawn.map((d) => [d.id, d]))
  // With INCLUDE_CHILDREN an edge's points are relative to the node that contains it (its container).
  const offsets = new Map<string, { x: number; y: number }>([['(graph)', { x: 0, y: 0 }]])
  const collectOffsets = (node: ElkNode, x: number, y: number) => {
    for (const child of node.children ?? []) {
      offsets.set(child.id, { x: x + (child.x ?? 0), y: y + (child.y ?? 0) })
      collectOffsets(child, x + (child.x ?? 0), y + (child.y ?? 0))
    }
  }
  collectOffsets(laid, 0, 0)
  const allEdges = (node: ElkNode): ElkExtendedEdge[] => [...(node.edges ?? []), ...(node.children ?? []).flatMap(allEdges)]
  for (const edge of allEdges(laid)) {
    const d = byId.get(edge.id)!
    const container = (edge as { container?: string }).container ?? '(graph)'
    const { x: ox, y: oy } = offsets.get(container) ?? { x: 0, y: 0 }
    const walkedClass = d.walkedBy.length === levels.length ? 'all' : d.walkedBy.length ? 'some' : 'none'
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${ox + p.x},${oy + p.y}`).join(' ')
      parts.push(
        `<polyline class="edge ${walkedClass}" data-walked="${d.walkedBy.join(' ') || 'none'}" points="${points}" marker-end="url(#arrow-${walkedClass})"><title>${escapeHtml(
          `${d.label}: walked by ${d.walkedBy.map(levelLabel).join(', ') || 'no level'}${d.guards.length || d.label.endsWith('[guard]') ? `; guard ${d.guards.join(' and ') || 'outcomes not walked'}` : ''}`,
        )}</title></polyline>`,
      )
    }
    for (const l of edge.labels ?? []) {
      const marks = levels.map((level) => (d.walkedBy.includes(level) ? levelMark(level) : '·')).join('')
      const guard = d.label.endsWith('[guard]') ? ` ${d.guards.includes('taken') ? '✓' : '✗'}/${d.guards.includes('refused') ? '✓' : '✗'}` : ''
      parts.push(`<text class="edge-label ${walkedClass}" x="${ox + (l.x ?? 0)}" y="${oy + (l.y ?? 0) + 11}">${escapeHtml(`${l.text} ${marks}${guard}`)}</text>`)
    }
  }
  const width = Math.ceil((laid.width ?? 0) + 120)
  const height = Math.ceil((laid.height ?? 0) + 20)
  const markers = ['all', 'some', 'none']
    .map((c) => `<marker id="arrow-${c}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path class="head ${c}" d="M0,0 L10,5 L0,10 z"/></marker>`)
    .join('')
  return `<svg role="img" aria-label="Statechart of ${escapeHtml(name)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs>${markers}</defs>${parts.join('')}</svg>`
}

const levelMark = (level: PathLevel) => (level === 'machine' ? 'm' : level === 'ui' ? 'u' : 'f')

/** The mutation score per machine file from Stryker's JSON report, when there is one. */
export function mutationScores(file: string): Map<string, number> {
  const scores = new Map<string, number>()
  let report: { files: Record<string, { mutants: Array<{ status: string }> }> }
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as typeof report
  } catch {
    return scores
  }
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const killed = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length
    const valid = killed + mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage').length
    scores.set(path.replace(/^.*\//, '').replace(/\.ts$/, ''), valid ? (100 * killed) / valid : 100)
  }
  return scores
}

/** The whole page: a legend, then one section per machine with its drawing. */
export async function coveragePage(machines: MachinePicture[]): Promise<string> {
  const levels = [...new Set(machines.flatMap((m) => m.levels))]
  const sections = await Promise.all(
    machines.map(async (m) => {
      const score = m.mutationScore === undefined ? '' : `<p>Mutation score: <strong>${m.mutationScore.toFixed(1)} %</strong></p>`
      return `<section aria-labelledby="m-${m.name}"><h2 id="m-${m.name}">${escapeHtml(m.name)}</h2>${score}<div class="chart" tabindex="0" role="region" aria-label="${escapeHtml(m.name)}, drawn">${await drawMachine(m)}</div></section>`
    }),
  )
  const legend = levels.map((level) => `<li><code>${levelMark(level)}</code>: walked at the ${escapeHtml(levelLabel(level))} level</li>`).join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Path coverage of the machines</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 1.5rem; }
.chart { overflow-x: auto; border: 1px solid #ccc; padding: .5rem; }
.state { fill: #f4f7fb; stroke: #334; stroke-width: 1.2; }
.state.compound { fill: #fff; stroke-dasharray: 4 2; }
.state-label { font: 13px system-ui, sans-serif; fill: #1a1a1a; }
.edge { fill: none; stroke-width: 1.6; }
.edge.all { stroke: #1b6e2a; }
.edge.some { stroke: #8a5a00; stroke-dasharray: 6 3; }
.edge.none { stroke: #b00020; stroke-dasharray: 2 3; stroke-width: 2.4; }
.head.all { fill: #1b6e2a; } .head.some { fill: #8a5a00; } .head.none { fill: #b00020; }
.edge-label { font: 11px ui-monospace, monospace; }
.edge-label.all { fill: #1b6e2a; } .edge-label.some { fill: #6b4500; } .edge-label.none { fill: #b00020; font-weight: bold; }
</style>
</head>
<body>
<main>
<h1>Path coverage of the machines</h1>
<p>Each machine as a statechart: states as boxes (nested states inside their parent), transitions as arrows labelled with
their event. After the label, one mark per level that ran: the letter when that level's paths walked the transition,
<code>·</code> when not. A guarded transition ends with its two outcomes at the machine level, taken / refused
(<code>✓</code> walked, <code>✗</code> not).</p>
<ul>${legend}
<li>green solid: walked at every level; brown dashed: at some; red dotted: at none.</li></ul>
${sections.join('\n')}
</main>
</body>
</html>
`
}
