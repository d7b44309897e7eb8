/**
 * What `npm run assistant` asks of the voice platform, through its official client (@vapi-ai/server-sdk):
 * list, create and update its credentials, tools and assistants. The SDK has no methods for credentials
 * yet; those requests go through its own passthrough (`client.fetch`), with its authentication, retries and
 * base URL, and its types for the bodies.
 *
 * Every failure comes out as a PlatformError saying what was being done; the command words it
 * (command.ts). Nothing here prints.
 */
import { Vapi, VapiClient, VapiError, VapiTimeoutError } from '@vapi-ai/server-sdk'

/** A credential as the platform lists it; the token is never given back. */
export type PlatformCredential = Pick<Vapi.CustomCredential, 'id' | 'createdAt' | 'name'> & { provider: string; authenticationPlan?: Record<string, unknown> }

/** A tool as the platform lists it, of the one type this assistant uses. */
export type PlatformTool = Vapi.ListToolsResponseItem.Function

export type CredentialBody = Vapi.CreateCustomCredentialDto & { provider: 'custom-credential' }

export interface Platform {
  credentials(): Promise<PlatformCredential[]>
  /** The function tools; tools of other types are no concern of this command. */
  tools(): Promise<PlatformTool[]>
  assistants(): Promise<Vapi.Assistant[]>
  createCredential(body: CredentialBody): Promise<{ id: string }>
  updateCredential(id: string, body: Partial<CredentialBody>): Promise<void>
  createTool(body: Vapi.CreateToolsRequest.Function): Promise<{ id: string }>
  updateTool(id: string, body: Vapi.UpdateToolsRequestBody.Function): Promise<void>
  createAssistant(body: Vapi.CreateAssistantDto): Promise<{ id: string }>
  updateAssistant(id: string, body: Omit<Vapi.UpdateAssistantDto, 'id'>): Promise<void>
}

/** A request to the platform that failed: what it was (`listing the tools`), and why (the SDK's error). */
export class PlatformError extends Error {
  constructor(
    readonly doing: string,
    override readonly cause: unknown,
  ) {
    super(`The voice platform failed while ${doing}`)
  }

  /** The platform's status code, when it answered. */
  get status(): number | undefined {
    return this.cause instanceof VapiError ? this.cause.statusCode : undefined
  }

  get timedOut(): boolean {
    return this.cause instanceof VapiTimeoutError
  }

  /** What the platform said about it (its `message`, a text or a list of them), when it said anything. */
  get platformMessage(): string | undefined {
    const body = this.cause instanceof VapiError ? this.cause.body : undefined
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body
    if (typeof message === 'string') return message
    if (Array.isArray(message)) return message.filter((part) => typeof part === 'string').join('; ')
    return undefined
  }

  /** Why no answer came (the network's code, such as ECONNREFUSED, or its words), when none did. */
  get unreachable(): string | undefined {
    if (this.status !== undefined || this.timedOut) return undefined
    // The SDK's error, fetch's "fetch failed", the socket's error: the reason is at the end of the chain.
    let reason: unknown = this.cause
    for (let depth = 0; depth < 5 && reason instanceof Error; depth++) {
      const code = (reason as { code?: unknown }).code
      if (typeof code === 'string') return code
      if (!(reason.cause instanceof Error)) return reason.message.split('\n')[0]
      reason = reason.cause
    }
    return undefined
  }
}

async function doing<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw new PlatformError(what, error)
  }
}

/** Lists page by page, newest first, until a page brings nothing new (the platform gives at most `limit`). */
async function everyPage<T extends { id: string; createdAt: string }>(page: (query: { limit: number; createdAtLe?: string }) => Promise<T[]>): Promise<T[]> {
  const LIMIT = 100
  const seen = new Map<string, T>()
  let before: string | undefined
  for (;;) {
    const items = await page({ limit: LIMIT, ...(before !== undefined && { createdAtLe: before }) })
    const fresh = items.filter((item) => !seen.has(item.id))
    for (const item of fresh) seen.set(item.id, item)
    if (items.length < LIMIT || fresh.length === 0) return [...seen.values()]
    before = items.map((item) => item.createdAt).sort()[0]
  }
}

/** The platform at `apiUrl` (VAPI_API_URL), with the private key. */
export function vapiPlatform(apiUrl: string, privateKey: string): Platform {
  const client = new VapiClient({ token: privateKey, baseUrl: apiUrl, timeoutInSeconds: 30 })

  /** A credential request through the SDK's passthrough, failing as the SDK's own methods do. */
  async function credentialRequest(method: string, path: string, body?: unknown): Promise<unknown> {
    // An absolute URL: the passthrough would encode a query string into the path of a relative one.
    const response = await client.fetch(`${apiUrl}/${path}`, {
      method,
      ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
    const text = await response.text()
    let json: unknown = text
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      // Not JSON: kept as text, for the error.
    }
    if (!response.ok) throw new VapiError({ statusCode: response.status, body: json })
    return json
  }

  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString()

  return {
    credentials: () =>
      doing('listing the credentials', () =>
        everyPage(async (page) => {
          const listed = await credentialRequest('GET', `credential?${query(page)}`)
          return (Array.isArray(listed) ? listed : []) as PlatformCredential[]
        }),
      ),
    tools: () =>
      doing('listing the tools', async () =>
        (await everyPage((page) => client.tools.list(page) as Promise<Vapi.ListToolsResponseItem[]>)).filter((tool): tool is PlatformTool => tool.type === 'function'),
      ),
    assistants: () => doing('listing the assistants', () => everyPage((page) => client.assistants.list(page))),
    createCredential: (body) => doing(`creating the credential ${JSON.stringify(body.name)}`, async () => (await credentialRequest('POST', 'credential', body)) as { id: string }),
    updateCredential: async (id, body) => {
      await doing(`updating the credential ${id}`, () => credentialRequest('PATCH', `credential/${encodeURIComponent(id)}`, body))
    },
    createTool: (body) => doing(`creating the tool ${body.function?.name ?? ''}`, async () => await client.tools.create(body)),
    updateTool: async (id, body) => {
      await doing(`updating the tool ${body.function?.name ?? id}`, () => client.tools.update({ id, body }))
    },
    createAssistant: (body) => doing(`creating the assistant ${JSON.stringify(body.name)}`, async () => await client.assistants.create(body)),
    updateAssistant: async (id, body) => {
      await doing(`updating the assistant ${id}`, () => client.assistants.update({ id, ...body }))
    },
  }
}
