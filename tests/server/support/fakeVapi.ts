/**
 * A local stand-in for the voice platform's API, for `npm run assistant`'s tests: credentials, tools and
 * assistants listed (newest first, `limit`, `createdAtLe`/`createdAtLt`), created and updated (PATCH replaces the
 * fields it is sent), answered in the platform's shapes — ids, `orgId`, timestamps, defaults it fills in, a
 * credential's token never given back — and refused as the platform refuses: 401 for a wrong private key, 400
 * with the list of what is wrong (a JSON Schema keyword the platform's schema has not, an unknown message type, a
 * name over 40 characters, a credential or tool id it does not hold), 404 for an unknown id. Records every request.
 */
import { serve } from '@hono/node-server'
import { Vapi } from '@vapi-ai/server-sdk'
import { Hono, type Context } from 'hono'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'

export type FakeKind = 'credential' | 'tool' | 'assistant'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  body: unknown
}

type Resource = Record<string, unknown> & { id: string; createdAt: string }

export interface FakeVapi {
  url: string
  /** Every request, in order. */
  requests: RecordedRequest[]
  /** The requests that change something (not GET). */
  writes: () => RecordedRequest[]
  /** What the platform holds, as it would list it. */
  list: (kind: FakeKind) => Resource[]
  /** The token a credential holds (the API never gives it back). */
  tokenOf: (credentialId: string) => string | undefined
  /** A resource made or changed by someone in the dashboard: not a request of the command. */
  put: (kind: FakeKind, resource: Record<string, unknown>) => Resource
  edit: (kind: FakeKind, id: string, change: (resource: Resource) => void) => void
  /** Requests from now on (those of `method` to paths starting with `path`, when given) are answered with this status and body. */
  failWith: (status: number, body: unknown, only?: { method: string; path: string }) => void
  /** Answers every request again. */
  heal: () => void
  close: () => Promise<void>
}

const ORG = '0b5c3f1e-9d2a-4e8b-a6c7-1f3e5d7b9a20'

/** The keywords of the platform's JSON Schema (the SDK's Vapi.JsonSchema); any other is refused. */
const SCHEMA_KEYWORDS = new Set(['type', 'items', 'properties', 'description', 'pattern', 'format', 'required', 'enum', 'title'])
const SCHEMA_TYPES = new Set<string>(Object.values(Vapi.JsonSchemaType))
const CLIENT_MESSAGES = new Set<string>(Object.values(Vapi.CreateAssistantDtoClientMessagesItem))
const SERVER_MESSAGES = new Set<string>(Object.values(Vapi.CreateAssistantDtoServerMessagesItem))
const TOOL_MESSAGE_TYPES = new Set(['request-start', 'request-complete', 'request-failed', 'request-response-delayed'])
const ROLES = new Set<string>(Object.values(Vapi.OpenAiMessageRole))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function schemaProblems(schema: unknown, at: string): string[] {
  if (!isRecord(schema)) return [`${at} must be an object`]
  const problems = Object.keys(schema)
    .filter((key) => !SCHEMA_KEYWORDS.has(key))
    .map((key) => `${at}.property ${key} should not exist`)
  if (typeof schema.type !== 'string' || !SCHEMA_TYPES.has(schema.type)) problems.push(`${at}.type must be one of the following values: ${[...SCHEMA_TYPES].join(', ')}`)
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string'))) problems.push(`${at}.enum must be an array of strings`)
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) problems.push(`${at}.properties must be an object`)
    else for (const [key, property] of Object.entries(schema.properties)) problems.push(...schemaProblems(property, `${at}.properties.${key}`))
  }
  if (schema.items !== undefined) problems.push(...schemaProblems(schema.items, `${at}.items`))
  return problems
}

export async function startFakeVapi(privateKey: string): Promise<FakeVapi> {
  const requests: RecordedRequest[] = []
  const stores: Record<FakeKind, Map<string, Resource>> = { credential: new Map(), tool: new Map(), assistant: new Map() }
  const tokens = new Map<string, string>()
  let failure: { status: number; body: unknown; only?: { method: string; path: string } } | undefined
  // Strictly increasing times: the lists' order and their createdAt filters are deterministic.
  let clock = Date.parse('2026-11-20T00:00:00Z')
  const now = () => new Date((clock += 1000)).toISOString()

  const problemsOf = (kind: FakeKind, resource: Record<string, unknown>): string[] => {
    const problems: string[] = []
    const name = resource.name
    if (name !== undefined && (typeof name !== 'string' || name.length > 40)) problems.push('name must be shorter than or equal to 40 characters')
    const credentialId = (resource.server as { credentialId?: unknown } | undefined)?.credentialId
    if (credentialId !== undefined && !stores.credential.has(String(credentialId))) problems.push(`Couldn't find credential ${String(credentialId)}`)
    if (kind === 'credential') {
      if (resource.provider !== 'custom-credential') problems.push('provider must be one of the following values: custom-credential')
      const plan = resource.authenticationPlan as { type?: unknown } | undefined
      if (plan?.type !== 'bearer') problems.push('authenticationPlan.type must be one of the following values: oauth2, hmac, bearer')
    }
    if (kind === 'tool') {
      if (resource.type !== 'function') problems.push('type must be one of the following values: function')
      const fn = resource.function as { name?: unknown; parameters?: unknown } | undefined
      if (typeof fn?.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(fn.name)) problems.push('function.name must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64')
      if (fn?.parameters !== undefined) {
        const parameters = fn.parameters as Record<string, unknown>
        if (parameters.type !== 'object') problems.push('function.parameters.type must be one of the following values: object')
        problems.push(...schemaProblems(parameters, 'function.parameters'))
      }
      const url = (resource.server as { url?: unknown } | undefined)?.url
      if (url !== undefined && (typeof url !== 'string' || !URL.canParse(url))) problems.push('server.url must be a URL address')
      for (const message of (resource.messages as { type?: unknown }[] | undefined) ?? []) {
        if (!TOOL_MESSAGE_TYPES.has(String(message.type))) problems.push(`messages.type must be one of the following values: ${[...TOOL_MESSAGE_TYPES].join(', ')}`)
      }
    }
    if (kind === 'assistant') {
      const model = resource.model as { toolIds?: unknown[]; messages?: { role?: unknown }[] } | undefined
      for (const id of model?.toolIds ?? []) if (!stores.tool.has(String(id))) problems.push(`Couldn't find tool ${String(id)}`)
      for (const message of model?.messages ?? []) if (!ROLES.has(String(message.role))) problems.push('model.messages.role must be one of the following values: assistant, function, user, system, tool')
      for (const [field, allowed] of [['clientMessages', CLIENT_MESSAGES], ['serverMessages', SERVER_MESSAGES]] as const) {
        for (const value of (resource[field] as unknown[] | undefined) ?? []) if (!allowed.has(String(value))) problems.push(`each value in ${field} must be one of the following values: ${[...allowed].join(', ')}`)
      }
    }
    return problems
  }

  /** What the platform keeps of what it was sent: its own fields and defaults, never a token. */
  const keep = (kind: FakeKind, body: Record<string, unknown>, old?: Resource): Resource => {
    const merged: Record<string, unknown> = { ...old, ...body, id: old?.id ?? randomUUID(), orgId: ORG, createdAt: old?.createdAt ?? now(), updatedAt: now() }
    if (kind === 'credential') {
      const plan = body.authenticationPlan as { token?: string; type?: string } | undefined
      if (plan?.token !== undefined) tokens.set(merged.id as string, plan.token)
      if (plan) merged.authenticationPlan = { type: plan.type }
    }
    if (kind === 'tool' && Array.isArray(merged.messages)) merged.messages = (merged.messages as Record<string, unknown>[]).map((message) => ({ blocking: false, ...message }))
    if (kind === 'assistant') merged.isServerUrlSecretSet = false
    return merged as Resource
  }

  const listed = (kind: FakeKind, query: Record<string, string>) => {
    const limit = Number(query.limit ?? 100)
    return [...stores[kind].values()]
      .filter((item) => (query.createdAtLe ? item.createdAt <= query.createdAtLe : true) && (query.createdAtLt ? item.createdAt < query.createdAtLt : true))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit)
  }

  const app = new Hono()
  app.use(async (c, next) => {
    const text = c.req.method === 'GET' ? '' : await c.req.text()
    requests.push({ method: c.req.method, path: c.req.path, query: c.req.query(), authorization: c.req.header('authorization'), body: text === '' ? undefined : JSON.parse(text) })
    if (failure && (!failure.only || (c.req.method === failure.only.method && c.req.path.startsWith(failure.only.path)))) {
      return c.json(failure.body as object, failure.status as 400)
    }
    if (c.req.header('authorization') !== `Bearer ${privateKey}`) {
      return c.json({ message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 }, 401)
    }
    await next()
  })

  /** The body of the request being answered, as recorded. */
  const body = () => requests.at(-1)!.body as Record<string, unknown>
  const badRequest = (c: Context, problems: string[]) => c.json({ message: problems, error: 'Bad Request', statusCode: 400 }, 400)

  for (const kind of ['credential', 'tool', 'assistant'] as const) {
    app.get(`/${kind}`, (c) => c.json(listed(kind, c.req.query())))
    app.post(`/${kind}`, (c) => {
      const sent = body()
      const problems = problemsOf(kind, sent)
      if (problems.length > 0) return badRequest(c, problems)
      const stored = keep(kind, sent)
      stores[kind].set(stored.id, stored)
      return c.json(stored, 201)
    })
    app.patch(`/${kind}/:id`, (c) => {
      const old = stores[kind].get(c.req.param('id'))
      if (!old) return c.json({ message: 'Not Found', statusCode: 404 }, 404)
      const sent = body()
      if (kind === 'tool' && sent.type !== undefined && sent.type !== old.type) return badRequest(c, ['type cannot be changed'])
      const problems = problemsOf(kind, { ...old, ...sent })
      if (problems.length > 0) return badRequest(c, problems)
      const stored = keep(kind, sent, old)
      stores[kind].set(stored.id, stored)
      return c.json(stored)
    })
  }

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    list: (kind) => listed(kind, { limit: '1000' }),
    tokenOf: (id) => tokens.get(id),
    put: (kind, resource) => {
      const stored = keep(kind, resource)
      stores[kind].set(stored.id, stored)
      return stored
    },
    edit: (kind, id, change) => {
      const resource = stores[kind].get(id)
      if (!resource) throw new Error(`no ${kind} ${id} on the fake platform`)
      change(resource)
    },
    failWith: (status, answer, only) => {
      failure = { status, body: answer, only }
    },
    heal: () => {
      failure = undefined
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
