/**
 * `npm run assistant [-- --apply | --check]` (docs/voice-assistant.md): the plan, carrying it out, or checking
 * that the platform holds what the repository defines. Resolves with the exit code: 0 done (or matching), 1
 * the platform differs (--check), 2 it could not be done; every failure is a sentence, with both secrets
 * masked in every line written.
 */
import ipaddr from 'ipaddr.js'
import type { Env } from '../../core/settings'
import { ConfigError, loadConfig, type ServerConfig } from '../../server/config'
import { VOICE_TOOLS_PATH } from './definition'
import { applyPlan, DuplicateError, makePlan, writes, type Plan, type Step } from './plan'
import { PlatformError, vapiPlatform } from './platform'
import { MASK, planCounts, planLines } from './report'

export const USAGE = [
  'npm run assistant               the plan: what would be created or changed on the voice platform; changes nothing',
  'npm run assistant -- --apply    carries the plan out, then prints the assistant id for VITE_VAPI_ASSISTANT_ID',
  'npm run assistant -- --check    exits 1 when the platform differs from the repository, 0 when they agree',
].join('\n')

type Mode = 'plan' | 'apply' | 'check'

/** A failure said in a sentence, as the command prints it. */
class Refusal extends Error {}

export interface CommandIo {
  env: Env
  /** One line of output. */
  write: (line: string) => void
  /** One line saying why it could not be done. */
  fail: (line: string) => void
}

function modeOf(args: readonly string[]): Mode | 'help' | undefined {
  if (args.length === 0) return 'plan'
  if (args.length > 1) return undefined
  return ({ '--apply': 'apply', '--check': 'check', '--help': 'help', '-h': 'help' } as const)[args[0]!]
}

/** A host the platform cannot reach: this machine, or an address of a private network. */
function isLocalHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1')
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() !== 'unicast'
}

/** What the command needs of the settings, each missing one said with where to find it. */
function settingsOf(config: ServerConfig) {
  if (!config.VAPI_PRIVATE_KEY) {
    throw new Refusal(
      'VAPI_PRIVATE_KEY is not set: it is the voice platform’s private API key (Dashboard → API Keys → Private Keys). ' +
        'The public key, VITE_VAPI_PUBLIC_KEY, cannot create or change anything. Set it where this command runs; the server does not need it.',
    )
  }
  if (!config.VAPI_SERVER_SECRET) {
    throw new Refusal(
      'VAPI_SERVER_SECRET is not set: the tools’ credential holds it, and the server checks it on every tool call. ' +
        'Make one with `openssl rand -hex 24` and give the server the same value.',
    )
  }
  const url = new URL(config.PUBLIC_URL)
  if (url.protocol !== 'https:' || isLocalHost(url.hostname)) {
    throw new Refusal(
      `PUBLIC_URL must be the site’s public https:// address, such as https://kiwiautomate.co.nz (it is ${config.PUBLIC_URL}): ` +
        `the voice platform calls the tools at PUBLIC_URL${VOICE_TOOLS_PATH} from the internet, and cannot reach http://, localhost or a private address.`,
    )
  }
  return { apiUrl: config.VAPI_API_URL, privateKey: config.VAPI_PRIVATE_KEY, secret: config.VAPI_SERVER_SECRET, serverUrl: `${config.PUBLIC_URL}${VOICE_TOOLS_PATH}` }
}

/** The platform's failure as a sentence. */
function platformSentence(error: PlatformError, apiUrl: string): string {
  if (error.status === 401) {
    return (
      `The voice platform answered 401 while ${error.doing}: the private key was refused. ` +
      'VAPI_PRIVATE_KEY must be a private key of the organisation (Dashboard → API Keys → Private Keys), not the public key.'
    )
  }
  if (error.timedOut) return `The voice platform at ${apiUrl} did not answer in time while ${error.doing}. Please try again.`
  if (error.status === undefined) return `The voice platform cannot be reached at ${apiUrl} (${error.unreachable ?? 'no answer'}) while ${error.doing}. Check VAPI_API_URL and the network.`
  const said = error.platformMessage
  return `The voice platform answered ${error.status} while ${error.doing}${said ? `: ${said}` : '.'}`
}

function failureSentence(error: unknown, apiUrl: string | undefined): string {
  if (error instanceof Refusal || error instanceof ConfigError) return error.message
  if (error instanceof PlatformError) return platformSentence(error, apiUrl ?? '')
  if (error instanceof DuplicateError) {
    return (
      `${error.message} (ids ${error.ids.join(', ')}): which one is ours cannot be told. ` +
      'Delete the ones not in use in the dashboard (or rename them), then run this again.'
    )
  }
  return `The command stopped: ${error instanceof Error ? error.message : String(error)}`
}

/** What to do with the assistant's id: the browser build reads it from VITE_VAPI_ASSISTANT_ID. */
function assistantIdLines(id: string, config: ServerConfig): { lines: string[]; differs: boolean } {
  const current = config.VITE_VAPI_ASSISTANT_ID.trim()
  if (current === id) return { lines: [`The assistant's id is ${id}, as VITE_VAPI_ASSISTANT_ID says.`], differs: false }
  const put = [`Put this line in .env (the site reads it when it is built), then build the site again:`, `VITE_VAPI_ASSISTANT_ID=${id}`]
  if (current === '') return { lines: [`The assistant's id is ${id}.`, ...put], differs: false }
  return { lines: [`VITE_VAPI_ASSISTANT_ID is ${current}, but the assistant of this name is ${id}: the site talks to another assistant.`, ...put], differs: true }
}

function doneLine(step: Step, id: string): string {
  const name = step.kind === 'tool' ? step.name : JSON.stringify(step.kind === 'credential' ? step.want.name : step.name)
  return `✓ ${step.action === 'create' ? 'created' : 'updated'} ${step.kind} ${name} (id ${id})`
}

export async function runAssistantCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const secrets: string[] = []
  // Neither secret is ever written, whatever carries it (the platform's own answer included).
  const masked = (line: string) => secrets.reduce((text, secret) => text.split(secret).join(MASK), line)
  const write = (line: string) => io.write(masked(line))
  const fail = (line: string) => io.fail(masked(line))
  const mode = modeOf(args)
  if (mode === 'help' || mode === undefined) {
    if (mode === 'help') write(USAGE)
    else fail(`Unknown arguments: ${args.join(' ')}\n${USAGE}`)
    return mode === 'help' ? 0 : 2
  }

  let apiUrl: string | undefined
  const done: string[] = []
  try {
    const config = loadConfig(io.env)
    for (const secret of [config.VAPI_PRIVATE_KEY, config.VAPI_SERVER_SECRET]) if (secret) secrets.push(secret)
    const settings = settingsOf(config)
    apiUrl = settings.apiUrl
    const platform = vapiPlatform(settings.apiUrl, settings.privateKey)

    write(`Voice platform: ${settings.apiUrl}`)
    write(`Tools and end-of-call reports go to: ${settings.serverUrl}`)
    write('')
    const plan: Plan = await makePlan(platform, settings)
    for (const line of planLines(plan)) write(line)
    write('')
    const existing = plan.steps.find((step) => step.kind === 'assistant')?.id
    const changes = writes(plan)

    if (mode === 'plan') {
      if (existing) for (const line of assistantIdLines(existing, config).lines) write(line)
      write(
        changes.length === 0
          ? 'The platform holds the assistant as the repository defines it: nothing to do.'
          : `Plan: ${planCounts(plan)}. Nothing was changed; \`npm run assistant -- --apply\` carries this out.`,
      )
      return 0
    }

    if (mode === 'check') {
      const ids = existing ? assistantIdLines(existing, config) : undefined
      if (ids?.differs) for (const line of ids.lines) write(line)
      if (changes.length === 0 && !ids?.differs) {
        write('The platform holds the assistant as the repository defines it.')
        return 0
      }
      write(`The platform differs from the repository (${planCounts(plan)}): \`npm run assistant -- --apply\` makes it match.`)
      return 1
    }

    if (changes.length === 0) write('Nothing to change.')
    const assistantId = await applyPlan(plan, platform, (step, id) => {
      done.push(doneLine(step, id))
      write(done.at(-1)!)
    })
    if (changes.length > 0) write(`Done: ${planCounts(plan).replace('to create', 'created').replace('to update', 'updated')}.`)
    for (const line of assistantIdLines(assistantId, config).lines) write(line)
    return 0
  } catch (error) {
    fail(failureSentence(error, apiUrl))
    if (done.length > 0) fail('What was done before it stays done (above); run the command again: it finds that by name and carries on.')
    return 2
  }
}
