/**
 * `npm run assistant` (scripts/assistant/): the plan, --apply and --check through the platform's SDK against a
 * local fake of the platform's API (support/fakeVapi.ts) that records every request; then the tools as the
 * fake received them, called on the real tool route.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runAssistantCommand } from '../../scripts/assistant/command'
import { openStore, type BookingStore } from '../../server/db/store'
import { startServer, testClock, testConfig } from './support/harness'
import { startFakeVapi, type FakeVapi, type RecordedRequest } from './support/fakeVapi'

const KEY = 'vapi-private-3f1c9a7e-5b2d-4e8f-9a6c-0d7b1e2f3a4b'
const SECRET = 'voice-secret-0123456789abcdef-0123'
const SITE = 'https://kiwiautomate.co.nz'
const TOOLS_URL = `${SITE}/api/voice/tools`
const root = join(import.meta.dirname, '../..')
const promptFile = (name: string) => readFile(join(root, 'scripts/assistant', name), 'utf8').then((text) => text.trim())

interface Run {
  code: number
  out: string
  err: string
}

/** Everything every run wrote, for the check that no secret is ever in it. */
const everything: string[] = []

async function run(fake: FakeVapi | { url: string }, args: string[] = [], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = []
  const err: string[] = []
  const code = await runAssistantCommand(args, {
    env: { VAPI_PRIVATE_KEY: KEY, VAPI_SERVER_SECRET: SECRET, VAPI_API_URL: fake.url, PUBLIC_URL: SITE, ...env },
    write: (line) => void out.push(line),
    fail: (line) => void err.push(line),
  })
  everything.push(...out, ...err)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const writesOf = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`)

describe('npm run assistant', () => {
  let fake: FakeVapi

  beforeEach(async () => {
    fake = await startFakeVapi(KEY)
  })
  afterEach(async () => {
    await fake.close()
  })
  afterAll(() => {
    // Whatever the platform answered and whatever was planned, neither secret was ever printed.
    expect(everything.length).toBeGreaterThan(0)
    expect(everything.filter((line) => line.includes(KEY) || line.includes(SECRET))).toEqual([])
  })

  it('the dry run writes nothing and lists four creations, with the links they will have', async () => {
    const { code, out } = await run(fake)
    expect(code).toBe(0)
    expect(fake.requests.length).toBeGreaterThan(0)
    expect(fake.writes()).toEqual([])
    expect(fake.requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true)
    expect(out.split('\n').filter((line) => line.startsWith('+ create'))).toEqual([
      expect.stringMatching(/^\+ create credential "Kiwi Automate voice tools #[0-9a-f]{8}"$/),
      '+ create tool check_availability',
      '+ create tool book_call',
      '+ create assistant "Kiwi Automate booking assistant"',
    ])
    expect(out).toContain(`Tools and end-of-call reports go to: ${TOOLS_URL}`)
    expect(out).toContain('arguments: name, email, start, timeZone, notes?, location?, phone?')
    expect(out).toContain(`server: "${TOOLS_URL}" with (the id of the new credential)`)
    expect(out).toContain('tools: (the id of the new tool check_availability), (the id of the new tool book_call)')
    expect(out).toContain('Plan: 4 to create, 0 to update, 0 as defined. Nothing was changed')
  })

  it('--apply creates the credential, both tools and the assistant, linked, and prints the id for VITE_VAPI_ASSISTANT_ID', async () => {
    const { code, out } = await run(fake, ['--apply'])
    expect(code).toBe(0)
    expect(writesOf(fake.requests)).toEqual(['POST /credential', 'POST /tool', 'POST /tool', 'POST /assistant'])

    const [credential] = fake.list('credential')
    expect(fake.list('credential')).toHaveLength(1)
    expect(credential).toMatchObject({ provider: 'custom-credential', name: expect.stringMatching(/^Kiwi Automate voice tools #[0-9a-f]{8}$/) })
    expect(fake.tokenOf(credential!.id)).toBe(SECRET)

    const tools = new Map(fake.list('tool').map((tool) => [(tool.function as { name: string }).name, tool]))
    expect([...tools.keys()].sort()).toEqual(['book_call', 'check_availability'])
    for (const tool of tools.values()) {
      expect(tool).toMatchObject({ type: 'function', async: false, server: { url: TOOLS_URL, credentialId: credential!.id, timeoutSeconds: 20 } })
    }

    const [assistant] = fake.list('assistant')
    expect(fake.list('assistant')).toHaveLength(1)
    expect(assistant).toMatchObject({
      name: 'Kiwi Automate booking assistant',
      model: {
        provider: 'openai',
        toolIds: [tools.get('check_availability')!.id, tools.get('book_call')!.id],
        messages: [{ role: 'system', content: await promptFile('system-prompt.md') }],
      },
      server: { url: TOOLS_URL, credentialId: credential!.id },
      serverMessages: ['end-of-call-report'],
      clientMessages: expect.arrayContaining(['transcript', 'speech-update']),
      analysisPlan: { summaryPlan: { enabled: true, messages: [{ role: 'system', content: await promptFile('brief-prompt.md') }, { role: 'user', content: expect.stringContaining('{{transcript}}') }] } },
    })
    expect(out).toContain(`✓ created assistant "Kiwi Automate booking assistant" (id ${assistant!.id})`)
    expect(out.split('\n')).toContain(`VITE_VAPI_ASSISTANT_ID=${assistant!.id}`)
  })

  it('a second --apply makes no write, and --check agrees (exit 0); with VITE_VAPI_ASSISTANT_ID set to it, nothing more to do', async () => {
    await run(fake, ['--apply'])
    const before = fake.requests.length
    const again = await run(fake, ['--apply'])
    expect(again.code).toBe(0)
    expect(writesOf(fake.requests.slice(before))).toEqual([])
    expect(again.out).toContain('Nothing to change.')
    expect(again.out.split('\n').filter((line) => line.startsWith('= '))).toHaveLength(4)

    const id = fake.list('assistant')[0]!.id
    const check = await run(fake, ['--check'], { VITE_VAPI_ASSISTANT_ID: id })
    expect(check.code).toBe(0)
    expect(check.out).toContain('The platform holds the assistant as the repository defines it.')
    // A site built for another assistant differs too.
    const elsewhere = await run(fake, ['--check'], { VITE_VAPI_ASSISTANT_ID: 'an-older-assistant' })
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.out).toContain(`VITE_VAPI_ASSISTANT_ID is an-older-assistant, but the assistant of this name is ${id}: the site talks to another assistant.`)
    expect(writesOf(fake.requests.slice(before))).toEqual([])
  })

  it('a prompt changed on the platform: the plan shows the lines, --check exits 1, --apply sends one update of the assistant', async () => {
    await run(fake, ['--apply'])
    const assistant = fake.list('assistant')[0]!
    const prompt = await promptFile('system-prompt.md')
    const edited = prompt.replace('Be brief: this is a phone-style conversation.', 'Take all the time you like.')
    fake.edit('assistant', assistant.id, (held) => {
      held.model = { ...(held.model as object), messages: [{ role: 'system', content: edited }] }
    })

    const check = await run(fake, ['--check'])
    expect(check.code).toBe(1)
    expect(check.out).toContain(`~ update assistant "Kiwi Automate booking assistant" (id ${assistant.id})`)
    expect(check.out).toContain('model.messages[0].content:')
    expect(check.out).toContain('- Take all the time you like.')
    expect(check.out).toContain('+ Be brief: this is a phone-style conversation.')
    expect(check.out).toContain('The platform differs from the repository (0 to create, 1 to update, 3 as defined)')

    const before = fake.requests.length
    const applied = await run(fake, ['--apply'])
    expect(applied.code).toBe(0)
    const sent = fake.requests.slice(before).filter((request) => request.method !== 'GET')
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /assistant/${assistant.id}`])
    // Only the field that differs, whole: the platform replaces a field it is sent.
    expect(Object.keys(sent[0]!.body as object)).toEqual(['model'])
    expect(fake.list('assistant')[0]).toMatchObject({ model: { messages: [{ content: prompt }], toolIds: (assistant.model as { toolIds: string[] }).toolIds } })
    expect((await run(fake, ['--check'])).code).toBe(0)
  })

  it('a tool argument renamed on the platform: that tool is updated, and nothing else', async () => {
    await run(fake, ['--apply'])
    const bookCall = fake.list('tool').find((tool) => (tool.function as { name: string }).name === 'book_call')!
    fake.edit('tool', bookCall.id, (held) => {
      const fn = held.function as { parameters: { properties: Record<string, unknown>; required: string[] } }
      const { start, ...others } = fn.parameters.properties
      fn.parameters = { ...fn.parameters, properties: { ...others, startTime: start }, required: fn.parameters.required.map((name) => (name === 'start' ? 'startTime' : name)) }
    })

    const plan = await run(fake)
    expect(plan.out).toContain(`~ update tool book_call (id ${bookCall.id})`)
    expect(plan.out).toMatch(/function\.parameters\.properties\.start: \(none\) → \{"type":"string","description":"One of the exact starts/)
    expect(plan.out).toMatch(/function\.parameters\.properties\.startTime: \{"type":"string".* → \(none\)/)
    expect(plan.out).toContain('function.parameters.required: ["name","email","startTime","timeZone"] → ["name","email","start","timeZone"]')

    const before = fake.requests.length
    await run(fake, ['--apply'])
    expect(writesOf(fake.requests.slice(before))).toEqual([`PATCH /tool/${bookCall.id}`])
    const sent = fake.requests.at(-1)!.body as { type: string; function: { parameters: { required: string[] } } }
    expect(Object.keys(sent).sort()).toEqual(['function', 'type'])
    expect(sent.function.parameters.required).toEqual(['name', 'email', 'start', 'timeZone'])
  })

  it('a new VAPI_SERVER_SECRET: only the credential is updated, with the new token; the tools keep its id', async () => {
    await run(fake, ['--apply'])
    const credential = fake.list('credential')[0]!
    const rotated = 'voice-secret-rotated-9876543210-fedcba'
    const plan = await run(fake, [], { VAPI_SERVER_SECRET: rotated })
    expect(plan.out).toMatch(/~ update credential "Kiwi Automate voice tools #[0-9a-f]{8}"/)
    expect(plan.out).toMatch(/ {4}name: "Kiwi Automate voice tools #[0-9a-f]{8}" → "Kiwi Automate voice tools #[0-9a-f]{8}"/)

    const before = fake.requests.length
    const applied = await run(fake, ['--apply'], { VAPI_SERVER_SECRET: rotated })
    expect(writesOf(fake.requests.slice(before))).toEqual([`PATCH /credential/${credential.id}`])
    expect(fake.tokenOf(credential.id)).toBe(rotated)
    expect(applied.out).not.toContain(rotated)
    expect((await run(fake, ['--check'], { VAPI_SERVER_SECRET: rotated })).code).toBe(0)
  })

  it('finds its own by name among many (past a page of the list) and leaves the others alone', async () => {
    await run(fake, ['--apply'])
    for (let i = 0; i < 120; i++) fake.put('tool', { type: 'function', function: { name: `other_tool_${i}` } })
    fake.put('assistant', { name: 'Another assistant' })
    const before = fake.requests.length
    const again = await run(fake, ['--apply'])
    expect(again.code).toBe(0)
    expect(writesOf(fake.requests.slice(before))).toEqual([])
    expect(fake.requests.slice(before).filter((request) => request.path === '/tool').length).toBeGreaterThan(1)
  })

  it('two of one name: stops with a sentence naming them, and writes nothing', async () => {
    fake.put('assistant', { name: 'Kiwi Automate booking assistant' })
    fake.put('assistant', { name: 'Kiwi Automate booking assistant' })
    const { code, err } = await run(fake, ['--apply'])
    expect(code).toBe(2)
    expect(err).toMatch(/^2 assistants on the voice platform are called "Kiwi Automate booking assistant" \(ids .+, .+\): which one is ours cannot be told\./)
    expect(fake.writes()).toEqual([])
  })

  describe('clear errors, and no secret in them', () => {
    it('no private key, no secret, no public https address: a sentence saying which and where, and no request', async () => {
      const noKey = await run(fake, [], { VAPI_PRIVATE_KEY: '' })
      expect(noKey.code).toBe(2)
      expect(noKey.err).toMatch(/^VAPI_PRIVATE_KEY is not set: it is the voice platform’s private API key \(Dashboard → API Keys → Private Keys\)/)
      expect((await run(fake, [], { VAPI_SERVER_SECRET: '' })).err).toMatch(/^VAPI_SERVER_SECRET is not set/)
      for (const publicUrl of ['', 'http://kiwiautomate.co.nz', 'https://localhost:3000', 'https://192.168.1.20', 'https://[::1]']) {
        const { code, err } = await run(fake, [], { PUBLIC_URL: publicUrl })
        expect(code, publicUrl).toBe(2)
        expect(err).toMatch(/^PUBLIC_URL must be the site’s public https:\/\/ address, such as https:\/\/kiwiautomate\.co\.nz \(it is .+\): the voice platform calls the tools at PUBLIC_URL\/api\/voice\/tools/)
      }
      expect((await run(fake, [], { VAPI_SERVER_SECRET: 'short' })).err).toContain('VAPI_SERVER_SECRET must be at least 32 characters')
      expect(fake.requests).toEqual([])
    })

    it('a private key the platform refuses (401): "the private key was refused"', async () => {
      const { code, err } = await run(fake, [], { VAPI_PRIVATE_KEY: 'the-public-key-by-mistake-0000' })
      expect(code).toBe(2)
      expect(err).toMatch(/^The voice platform answered 401 while listing the (credentials|tools|assistants): the private key was refused\. VAPI_PRIVATE_KEY must be a private key/)
      expect(err).not.toContain('the-public-key-by-mistake-0000')
    })

    it('the platform refusing a request, even with a secret in its answer: its message, masked', async () => {
      fake.failWith(400, { message: [`token ${SECRET} is not valid for key ${KEY}`], error: 'Bad Request', statusCode: 400 })
      const { code, err } = await run(fake)
      expect(code).toBe(2)
      expect(err).toMatch(/^The voice platform answered 400 while listing the \w+: token ••• is not valid for key •••$/)
    })

    it('the platform unreachable: says where it was looked for', async () => {
      const gone = { url: fake.url }
      await fake.close()
      fake = await startFakeVapi(KEY)
      const { code, err } = await run(gone)
      expect(code).toBe(2)
      expect(err).toMatch(new RegExp(`^The voice platform cannot be reached at ${gone.url.replaceAll('.', '\\.')} \\(ECONNREFUSED\\) while listing the \\w+\\. Check VAPI_API_URL and the network\\.$`))
    })

    it('a failure half-way: what was done stays done, and the next run carries on from it', async () => {
      await run(fake, ['--apply'])
      const [tool] = fake.list('tool')
      const assistant = fake.list('assistant')[0]!
      fake.edit('tool', tool!.id, (held) => {
        held.server = { ...(held.server as object), url: 'https://old.example.com/tools' }
      })
      fake.edit('assistant', assistant.id, (held) => {
        held.firstMessage = 'Hello.'
      })
      fake.failWith(400, { message: ['firstMessage must be shorter than or equal to 1000 characters'], error: 'Bad Request', statusCode: 400 }, { method: 'PATCH', path: '/assistant' })
      const before = fake.requests.length
      const failed = await run(fake, ['--apply'])
      expect(failed.code).toBe(2)
      expect(failed.out).toContain(`✓ updated tool ${(tool!.function as { name: string }).name} (id ${tool!.id})`)
      expect(failed.err).toBe(
        `The voice platform answered 400 while updating the assistant ${assistant.id}: firstMessage must be shorter than or equal to 1000 characters\n` +
          'What was done before it stays done (above); run the command again: it finds that by name and carries on.',
      )
      fake.heal()
      const middle = fake.requests.length
      const again = await run(fake, ['--apply'])
      expect(again.code).toBe(0)
      expect(writesOf(fake.requests.slice(before, middle))).toEqual([`PATCH /tool/${tool!.id}`, `PATCH /assistant/${assistant.id}`])
      expect(writesOf(fake.requests.slice(middle))).toEqual([`PATCH /assistant/${assistant.id}`])
    })
  })

  it('an unknown argument: the usage, exit 2, and no request', async () => {
    const { code, out, err } = await run(fake, ['--aply'])
    expect([code, out]).toEqual([2, ''])
    expect(err.split('\n')).toEqual(['Unknown arguments: --aply', expect.stringMatching(/^npm run assistant {15}the plan/), expect.stringMatching(/^npm run assistant -- --apply/), expect.stringMatching(/^npm run assistant -- --check/)])
    expect(fake.requests).toEqual([])
  })

  it('from the command line: --check exits 1 while the platform differs', async () => {
    const env = { ...process.env, VAPI_PRIVATE_KEY: KEY, VAPI_SERVER_SECRET: SECRET, VAPI_API_URL: fake.url, PUBLIC_URL: SITE }
    const check = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/assistant.ts', '--check'], { cwd: root, env }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    )
    everything.push(check.stdout)
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('The platform differs from the repository (4 to create, 0 to update, 0 as defined)')
    expect(fake.writes()).toEqual([])
  })
})

describe('the tools as the platform received them, on the real tool route', () => {
  let fake: FakeVapi
  let dir: string
  let store: BookingStore
  let server: Awaited<ReturnType<typeof startServer>>
  let received: Map<string, { properties: Record<string, unknown>; required: string[] }>

  beforeAll(async () => {
    fake = await startFakeVapi(KEY)
    await run(fake, ['--apply'])
    received = new Map(
      fake.writes()
        .filter((request) => request.path === '/tool')
        .map((request) => {
          const fn = (request.body as { function: { name: string; parameters: { properties: Record<string, unknown>; required: string[] } } }).function
          return [fn.name, fn.parameters]
        }),
    )
    dir = await mkdtemp(join(tmpdir(), 'assistant-tools-'))
    store = await openStore({ dataDir: dir })
    server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, BOOKING_LOCATIONS: 'video,phone' }), store, clock: testClock() })
  })

  afterAll(async () => {
    await server?.close()
    await store?.close()
    await fake?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** One tool call, as the platform sends it, with the credential's bearer token. */
  async function call(name: string, args: Record<string, unknown>, id = 'call_assistant_test'): Promise<string> {
    const response = await fetch(`${server.url}/api/voice/tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fake.tokenOf(fake.list('credential')[0]!.id)}` },
      body: JSON.stringify({ message: { type: 'tool-calls', call: { id }, toolCallList: [{ id: 't1', type: 'function', function: { name, arguments: args } }] } }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { results: { result: string }[] }).results[0]!.result
  }

  /** A value for each argument a caller could give: the test fails if the tools declare one it does not know. */
  const VALUES: Record<string, unknown> = {
    date: '2026-11-26',
    timeZone: 'Pacific/Auckland',
    name: 'Aroha Ngata',
    email: 'aroha@example.co.nz',
    notes: 'Automating quotes for our plumbing business.',
    location: 'phone',
    phone: '021 555 0123',
  }

  const argumentsOf = (tool: string, start?: string) =>
    Object.fromEntries(Object.keys(received.get(tool)!.properties).map((key) => [key, key === 'start' ? start : VALUES[key]]))

  it('each argument the tools declare is one the route reads: a booking made with them books, with every one of them kept', async () => {
    expect([...received.keys()]).toEqual(['check_availability', 'book_call'])
    const declared = [...received.values()].flatMap(({ properties }) => Object.keys(properties))
    expect(declared.filter((key) => !(key in VALUES) && key !== 'start')).toEqual([])
    const free = await call('check_availability', argumentsOf('check_availability'))
    const start = /Exact starts for book_call: ([^,.]+)/.exec(free)?.[1]
    expect(start, free).toMatch(/^2026-11-26T09:00\+13:00$/)
    const booked = await call('book_call', argumentsOf('book_call', start))
    expect(booked).toBe(
      "Booked: a 15-minute call on Thursday 26 November at 9:00 am (Pacific/Auckland time) for Aroha Ngata. A confirmation goes to aroha@example.co.nz. We'll call you on +64 21 555 0123 at that time.",
    )
    const [row] = await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))
    expect(row).toMatchObject({ name: 'Aroha Ngata', email: 'aroha@example.co.nz', notes: 'Automating quotes for our plumbing business.', startTime: '2026-11-25T20:00:00.000Z' })
  })

  it('what the tools declare required, the route refuses without; what they declare optional, it books without', async () => {
    const days = ['2026-11-30', '2026-12-01', '2026-12-02']
    for (const [tool, { properties, required }] of received) {
      for (const key of Object.keys(properties)) {
        const args = tool === 'book_call' ? { ...argumentsOf(tool, `${days[0]}T10:00+13:00`), location: undefined, phone: undefined } : argumentsOf(tool)
        delete (args as Record<string, unknown>)[key]
        const said = await call(tool, args, `call_${tool}_${key}`)
        const worked = tool === 'book_call' ? said.startsWith('Booked:') : said.includes('Exact starts for book_call')
        expect(worked, `${tool} without ${key}: ${said}`).toBe(!required.includes(key))
        if (worked && tool === 'book_call') days.shift()
      }
    }
  })
})
