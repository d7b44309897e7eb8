/**
 * The plan of `npm run assistant`: the definition (definition.ts) against what the platform holds, found by
 * name, and how to make them match; then carrying it out, in order, each resource with the ids of those
 * created before it. No state is kept anywhere but on the platform: a second run finds what the first made.
 *
 * Only the fields the definition names are compared (the platform fills in many more, with its defaults),
 * but a tool's arguments are compared whole: an argument added on the platform is a difference too.
 */
import { isDeepStrictEqual } from 'node:util'
import type { Vapi } from '@vapi-ai/server-sdk'
import { assistantDefinition, ASSISTANT_NAME, credentialDefinition, CREDENTIAL_NAME, toolDefinitions } from './definition'
import type { CredentialBody, Platform, PlatformCredential, PlatformTool } from './platform'

/** Each kind of resource, and the body that creates one. */
interface Bodies {
  credential: CredentialBody
  tool: Vapi.CreateToolsRequest.Function
  assistant: Vapi.CreateAssistantDto
}

export type Kind = keyof Bodies

/** One field that differs: its path in the resource (`model.messages[0].content`), the platform's value and ours. */
export interface Change {
  path: string
  have: unknown
  want: unknown
}

interface StepOf<K extends Kind> {
  kind: K
  /** What it is found by: the credential's name before its fingerprint, the tool's function name, the assistant's name. */
  name: string
  /** Its id on the platform, when it is there. */
  id?: string
  action: 'create' | 'update' | 'keep'
  /** The whole definition, with the ids of resources still to be created as `pendingId`s. */
  want: Bodies[K]
  /** What differs (for an update). */
  changes: Change[]
}

export type Step = { [K in Kind]: StepOf<K> }[Kind]

export interface Plan {
  /** Credential, tools, assistant: the order they are made in, each needing the ids of those before. */
  steps: Step[]
}

/** Two resources of one name: which one is ours cannot be told. */
export class DuplicateError extends Error {
  constructor(
    readonly kind: Kind,
    override readonly name: string,
    readonly ids: string[],
  ) {
    super(`${ids.length} ${kind}s on the voice platform are called ${JSON.stringify(name)}`)
  }
}

// --- Ids not known yet -----------------------------------------------------------------------------------

const PENDING = 'pending:'

/** The id a resource will have once created, in the bodies of those that link to it. */
export const pendingId = (kind: Kind, name: string) => `${PENDING}${kind}:${name}`

export const isPendingId = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PENDING)

/** `value` with every pending id replaced by the id it got. */
function withIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (isPendingId(value)) {
    const id = ids.get(value)
    if (id === undefined) throw new Error(`${value} was not created before it was needed`)
    return id as T
  }
  if (Array.isArray(value)) return value.map((item: unknown) => withIds(item, ids)) as T
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withIds(item, ids)])) as T
  return value
}

// --- Comparing -------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isScalar = (value: unknown) => value === null || typeof value !== 'object'

interface CompareRules {
  /** Paths compared whole, with everything under them: keys the platform has and the definition has not are differences too. */
  exact: readonly string[]
  /** Paths the platform never gives back (a token): not compared. */
  writeOnly: readonly string[]
}

/** The fields of `want` that `have` does not hold the same. */
export function differences(want: unknown, have: unknown, rules: CompareRules, path = ''): Change[] {
  if (rules.writeOnly.includes(path)) return []
  const at = (key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`)
  if (Array.isArray(want)) {
    // A list of names or ids reads best whole; a list of objects, by the fields that differ.
    if (!Array.isArray(have) || have.length !== want.length || want.every(isScalar)) return isDeepStrictEqual(want, have) ? [] : [{ path, have, want }]
    return want.flatMap((item: unknown, i) => differences(item, have[i], rules, at(i)))
  }
  if (isRecord(want)) {
    if (!isRecord(have)) return [{ path, have, want }]
    const exact = rules.exact.some((root) => path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}[`))
    const keys = exact ? [...new Set([...Object.keys(want), ...Object.keys(have)])] : Object.keys(want)
    return keys.flatMap((key) => differences(want[key], have[key], rules, at(key)))
  }
  return want === have ? [] : [{ path, have, want }]
}

const RULES: Record<Kind, CompareRules> = {
  // The platform gives none of its authentication back: the fingerprint in the name stands for it.
  credential: { exact: [], writeOnly: ['authenticationPlan'] },
  tool: { exact: ['function.parameters'], writeOnly: [] },
  assistant: { exact: [], writeOnly: [] },
}

function step<K extends Kind>(kind: K, name: string, want: Bodies[K], found: { id: string } | undefined): StepOf<K> {
  if (!found) return { kind, name, action: 'create', want, changes: [] }
  const changes = differences(want, found, RULES[kind])
  return { kind, name, id: found.id, action: changes.length > 0 ? 'update' : 'keep', want, changes }
}

// --- Finding by name -------------------------------------------------------------------------------------

function only<T extends { id: string }>(kind: Kind, name: string, matches: T[]): T | undefined {
  if (matches.length > 1) throw new DuplicateError(kind, name, matches.map((match) => match.id))
  return matches[0]
}

/** Ours: a bearer credential named CREDENTIAL_NAME, with or without the fingerprint of its secret. */
const isOurCredential = (credential: PlatformCredential) =>
  credential.provider === 'custom-credential' && (credential.name === CREDENTIAL_NAME || credential.name?.startsWith(`${CREDENTIAL_NAME} #`) === true)

// --- The plan --------------------------------------------------------------------------------------------

export async function makePlan(platform: Platform, settings: { serverUrl: string; secret: string }): Promise<Plan> {
  const [credentials, tools, assistants] = await Promise.all([platform.credentials(), platform.tools(), platform.assistants()])

  const credential = credentialDefinition(settings.secret)
  const credentialStep = step('credential', CREDENTIAL_NAME, credential, only('credential', CREDENTIAL_NAME, credentials.filter(isOurCredential)))
  const credentialId = credentialStep.id ?? pendingId('credential', CREDENTIAL_NAME)

  const toolSteps = toolDefinitions({ serverUrl: settings.serverUrl, credentialId }).map((tool) => {
    const name = tool.function.name
    return step('tool', name, tool, only('tool', name, tools.filter((found: PlatformTool) => found.function?.name === name)))
  })
  const toolIds = toolSteps.map((tool) => tool.id ?? pendingId('tool', tool.name))

  const assistant = assistantDefinition({ serverUrl: settings.serverUrl, credentialId, toolIds })
  const assistantStep = step('assistant', ASSISTANT_NAME, assistant, only('assistant', ASSISTANT_NAME, assistants.filter((found) => found.name === ASSISTANT_NAME)))

  return { steps: [credentialStep, ...toolSteps, assistantStep] }
}

/** The fields of a definition that differ, each whole (the platform replaces a field it is sent). */
function changedFields<K extends Kind>(step: StepOf<K>): Partial<Bodies[K]> {
  const fields = new Set(step.changes.map((change) => change.path.split(/[.[]/)[0]))
  return Object.fromEntries(Object.entries(step.want).filter(([key]) => fields.has(key))) as Partial<Bodies[K]>
}

/**
 * Carries the plan out, in order; `done` hears of each write once the platform has taken it. Resolves with
 * the assistant's id. A failure stops it there: what was done stays done, and the next run finds it by name.
 */
export async function applyPlan(plan: Plan, platform: Platform, done: (step: Step, id: string) => void): Promise<string> {
  const ids = new Map<string, string>()
  let assistantId = ''
  for (const step of plan.steps) {
    let id = step.id
    if (step.action === 'create') {
      const created =
        step.kind === 'credential'
          ? await platform.createCredential(withIds(step.want, ids))
          : step.kind === 'tool'
            ? await platform.createTool(withIds(step.want, ids))
            : await platform.createAssistant(withIds(step.want, ids))
      id = created.id
      ids.set(pendingId(step.kind, step.name), id)
    } else if (step.action === 'update' && id !== undefined) {
      // The token cannot be compared: a changed secret shows as a changed name, and the two go together.
      if (step.kind === 'credential') await platform.updateCredential(id, withIds(step.want, ids))
      // The SDK sends a tool's type with its update (the union's tag).
      else if (step.kind === 'tool') await platform.updateTool(id, withIds({ ...changedFields(step), type: step.want.type }, ids))
      else await platform.updateAssistant(id, withIds(changedFields(step), ids))
    }
    if (id === undefined) throw new Error(`${step.kind} ${step.name} has no id after the plan`)
    if (step.action !== 'keep') done(step, id)
    if (step.kind === 'assistant') assistantId = id
  }
  return assistantId
}

/** The steps that change something. */
export const writes = (plan: Plan) => plan.steps.filter((step) => step.action !== 'keep')
