/**
 * The voice assistant as the repository defines it (docs/voice-assistant.md#what-the-assistant-is-made-of): the
 * credential that holds VAPI_SERVER_SECRET, the two tools, and the assistant, each in the platform's own shape
 * (the SDK's request types, so a field the platform does not have does not compile). `npm run assistant`
 * finds each on the platform by its name and makes it match; the links between them (the tools' server, the
 * credential's id, the tools' ids) are filled in there.
 *
 * The system prompt and the prompt of the brief after a call are Markdown files beside this one; the tools'
 * arguments are the schemas the server's tool route validates with.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Vapi } from '@vapi-ai/server-sdk'
import type * as v from 'valibot'
import { BOOK_CALL, BookCallArgs, CHECK_AVAILABILITY, CheckAvailabilityArgs } from '../../server/voice/toolArguments'
import { toolParameters } from './toolParameters'

/** The prompts, each a Markdown file beside this one, as the repository names them. */
export const PROMPT_FILES = { system: 'scripts/assistant/system-prompt.md', brief: 'scripts/assistant/brief-prompt.md' } as const

const prompt = (file: keyof typeof PROMPT_FILES) => readFileSync(new URL(PROMPT_FILES[file].replace('scripts/assistant/', './'), import.meta.url), 'utf8').trim()

/** Where the platform sends tool calls and the end-of-call report: the server's one voice route. */
export const VOICE_TOOLS_PATH = '/api/voice/tools'

/** The links the platform's resources hold to each other and to this site. */
export interface Links {
  /** PUBLIC_URL + VOICE_TOOLS_PATH. */
  serverUrl: string
  credentialId: string
  toolIds: string[]
}

// --- The credential --------------------------------------------------------------------------------------

/**
 * The credential's name, and the fingerprint of the secret it holds after it: the platform never gives a
 * token back, so the fingerprint is how a changed VAPI_SERVER_SECRET shows in the plan. The platform's
 * names are at most 40 characters.
 */
export const CREDENTIAL_NAME = 'Kiwi Automate voice tools'

/** The first 8 hex digits of the secret's SHA-256: nothing to guess a 32-character secret from. */
export const secretFingerprint = (secret: string) => createHash('sha256').update(`voice tools credential\n${secret}`).digest('hex').slice(0, 8)

/** The platform's bearer credential: it sends `Authorization: Bearer VAPI_SERVER_SECRET` (its defaults) with each request. */
export function credentialDefinition(secret: string): Vapi.CreateCustomCredentialDto & { provider: 'custom-credential'; name: string } {
  return {
    provider: 'custom-credential',
    name: `${CREDENTIAL_NAME} #${secretFingerprint(secret)}`,
    authenticationPlan: { type: 'bearer', token: secret },
  }
}

// --- The tools -------------------------------------------------------------------------------------------

interface ToolSource {
  name: string
  description: string
  arguments: v.GenericSchema
  /** What the assistant says while the tool runs. */
  whileRunning: string
}

const TOOLS: ToolSource[] = [
  {
    name: CHECK_AVAILABILITY,
    description:
      "Free times for a free 15-minute call with Kiwi Automate on one day, in the caller's time zone. If that day has none, it gives the next day that has some. Returns times to read out and the exact starts that book_call takes.",
    arguments: CheckAvailabilityArgs,
    whileRunning: 'Let me look at the calendar.',
  },
  {
    name: BOOK_CALL,
    description:
      'Books the free 15-minute call at one of the exact starts check_availability returned. Only call it after the caller has confirmed the time you read back, and given their name and email. Pass what they want to discuss as notes, in their own words.',
    arguments: BookCallArgs,
    whileRunning: 'Booking that for you now.',
  },
]

export const TOOL_NAMES = TOOLS.map((tool) => tool.name)

/** A tool as the platform keeps it: a function, answered by this server within 20 seconds. */
export function toolDefinitions(links: Omit<Links, 'toolIds'>): (Vapi.CreateToolsRequest.Function & { function: Vapi.OpenAiFunction })[] {
  return TOOLS.map((tool) => ({
    type: 'function',
    async: false,
    function: { name: tool.name, description: tool.description, parameters: toolParameters(tool.name, tool.arguments) },
    server: { url: links.serverUrl, credentialId: links.credentialId, timeoutSeconds: 20 },
    messages: [{ type: 'request-start', content: tool.whileRunning }],
  }))
}

// --- The assistant ---------------------------------------------------------------------------------------

export const ASSISTANT_NAME = 'Kiwi Automate booking assistant'

export function assistantDefinition(links: Links): Vapi.CreateAssistantDto & { name: string } {
  return {
    name: ASSISTANT_NAME,
    firstMessage: "Kia ora, you're talking to Kiwi Automate's AI assistant. How can I help?",
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en' },
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      // The system prompt, kept by the platform as the model's first message.
      messages: [{ role: 'system', content: prompt('system') }],
      toolIds: links.toolIds,
    },
    voice: { provider: 'vapi', voiceId: 'Elliot' },
    // The widget's captions and its "You are speaking" indicator come from transcript and speech-update.
    clientMessages: ['conversation-update', 'speech-update', 'status-update', 'transcript', 'tool-calls'],
    // The end-of-call report comes to the tools' route, with the tools' credential (the brief after a call).
    server: { url: links.serverUrl, credentialId: links.credentialId },
    serverMessages: ['end-of-call-report'],
    analysisPlan: {
      summaryPlan: {
        enabled: true,
        timeoutSeconds: 10,
        messages: [
          { role: 'system', content: prompt('brief') },
          { role: 'user', content: 'Here is the transcript:\n\n{{transcript}}' },
        ],
      },
    },
    endCallPhrases: ['goodbye', 'ka kite'],
  }
}
