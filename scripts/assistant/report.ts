/**
 * The plan as `npm run assistant` prints it: each resource with what would be created, or the fields that
 * differ (the platform's value → the repository's), long texts such as the system prompt as a line diff. The
 * credential's token is never shown (•••); command.ts masks both secrets in every line besides.
 */
import { structuredPatch } from 'diff'
import { PROMPT_FILES } from './definition'
import { isPendingId, type Change, type Plan, type Step } from './plan'

export const MASK = '•••'

/** Longest a value is shown on one line before it is cut. */
const MAX_SHOWN = 120

function pendingName(id: string): string {
  const [, kind, ...name] = id.split(':')
  return kind === 'tool' ? `(the id of the new tool ${name.join(':')})` : `(the id of the new ${kind})`
}

function show(value: unknown): string {
  if (value === undefined) return '(none)'
  if (isPendingId(value)) return pendingName(value)
  const text = JSON.stringify(value, (_key, item: unknown) => (isPendingId(item) ? pendingName(item) : item))
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text
}

const isText = (value: unknown): value is string => typeof value === 'string'

/** A text of several lines, as the lines that changed with one around them. */
function textDiff(have: string, want: string): string[] {
  const patch = structuredPatch('platform', 'repository', have, want, undefined, undefined, { context: 1 })
  // "-" the platform's line, "+" the repository's, " " one unchanged around them; "\ No newline" notes dropped.
  const marked = (line: string) => `${line[0]} ${line.slice(1)}`.trimEnd()
  return patch.hunks.flatMap((hunk) => [`@@ line ${hunk.newStart} @@`, ...hunk.lines.filter((line) => !line.startsWith('\\')).map(marked)])
}

function changeLines(change: Change): string[] {
  const multiline = (isText(change.have) && change.have.includes('\n')) || (isText(change.want) && change.want.includes('\n'))
  if (multiline && (isText(change.have) || change.have === undefined) && isText(change.want)) {
    return [`${change.path}:`, ...textDiff(change.have ?? '', change.want).map((line) => `  ${line}`)]
  }
  return [`${change.path}: ${show(change.have)} → ${show(change.want)}`]
}

const lines = (text: string) => text.split('\n').length

/** What a resource to be created will be, in a few lines: its links above all. */
function creation(step: Step): string[] {
  switch (step.kind) {
    case 'credential':
      return [`name: ${show(step.want.name)} (after the #, a fingerprint of VAPI_SERVER_SECRET)`, `token: VAPI_SERVER_SECRET (${MASK}), sent as Authorization: Bearer`]
    case 'tool': {
      const parameters = step.want.function?.parameters
      const names = Object.keys(parameters?.properties ?? {})
      const required = new Set(parameters?.required ?? [])
      return [
        `arguments: ${names.map((name) => (required.has(name) ? name : `${name}?`)).join(', ')}`,
        `server: ${show(step.want.server?.url)} with ${show(step.want.server?.credentialId)}`,
      ]
    }
    case 'assistant': {
      const model = step.want.model
      const prompt = model?.messages?.find((message) => message.role === 'system')?.content ?? ''
      const voice = step.want.voice
      return [
        `model: ${model?.provider} ${model?.model}, with the system prompt of ${PROMPT_FILES.system} (${lines(prompt)} lines)`,
        `tools: ${(model?.toolIds ?? []).map(show).join(', ')}`,
        `voice: ${voice?.provider} ${'voiceId' in (voice ?? {}) ? String((voice as { voiceId: unknown }).voiceId) : ''}`.trimEnd(),
        `server: ${show(step.want.server?.url)} with ${show(step.want.server?.credentialId)}, for ${(step.want.serverMessages ?? []).join(', ')}`,
        `the brief after a call: a summary by the prompt of ${PROMPT_FILES.brief}`,
      ]
    }
  }
}

function title(step: Step): string {
  const name = step.kind === 'tool' ? step.name : JSON.stringify(step.kind === 'credential' ? step.want.name : step.name)
  return `${step.kind} ${name}${step.id ? ` (id ${step.id})` : ''}`
}

export function planLines(plan: Plan): string[] {
  return plan.steps.flatMap((step) => {
    switch (step.action) {
      case 'create':
        return [`+ create ${title(step)}`, ...creation(step).map((line) => `    ${line}`)]
      case 'update':
        return [`~ update ${title(step)}`, ...step.changes.flatMap(changeLines).map((line) => `    ${line}`)]
      case 'keep':
        return [`= ${title(step)}: as defined`]
    }
  })
}

/** "4 to create, 1 to update, 0 as defined". */
export function planCounts(plan: Plan): string {
  const count = (action: Step['action']) => plan.steps.filter((step) => step.action === action).length
  return `${count('create')} to create, ${count('update')} to update, ${count('keep')} as defined`
}
