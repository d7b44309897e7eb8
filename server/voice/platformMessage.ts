/** The voice platform's tool-calls message (docs/voice-assistant.md): its shape, and the tool calls it carries. */
import * as v from 'valibot'

/**
 * One tool call, in either of the platform's forms: `{ id, name, arguments }` (its documentation) or
 * `{ id, type: 'function', function: { name, arguments } }` (what its servers send); `arguments` is an
 * object, or a JSON string in the older `toolCalls` list.
 */
const ToolCallSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  arguments: v.optional(v.unknown()),
  function: v.optional(v.object({ name: v.pipe(v.string(), v.maxLength(200)), arguments: v.optional(v.unknown()) })),
})

const ToolCallListSchema = v.pipe(v.array(ToolCallSchema), v.maxLength(10))

export const MessageSchema = v.object({
  message: v.object({
    type: v.string(),
    toolCallList: v.optional(ToolCallListSchema),
    /** The older name of the same list. */
    toolCalls: v.optional(ToolCallListSchema),
    /** The conversation: its id, and the caller's number on a phone call. */
    call: v.optional(
      v.object({
        id: v.optional(v.pipe(v.string(), v.maxLength(200))),
        customer: v.optional(v.object({ number: v.optional(v.pipe(v.string(), v.maxLength(64))) })),
      }),
    ),
    /** The text conversation (`/chat/web`), in place of a call, when the assistant was typed to. */
    chat: v.optional(v.object({ id: v.optional(v.pipe(v.string(), v.maxLength(200))) })),
  }),
})

export interface ToolCall {
  id: string
  name: string
  args: unknown
}

export function toolCalls(message: v.InferOutput<typeof MessageSchema>['message']): ToolCall[] {
  const list = message.toolCallList ?? message.toolCalls ?? []
  return list.map((call) => {
    const raw = call.function?.arguments ?? call.arguments
    let args = raw
    if (typeof raw === 'string') {
      try {
        args = JSON.parse(raw) as unknown
      } catch {
        args = undefined
      }
    }
    return { id: call.id, name: call.function?.name ?? call.name ?? '', args }
  })
}

/** How the visitor talked to the assistant: a call, or the text chat (docs/booking.md#where-a-lead-came-from). */
export const conversationKind = (message: v.InferOutput<typeof MessageSchema>['message']): 'voice' | 'chat' => (message.chat ? 'chat' : 'voice')

/** The conversation a message belongs to. */
export type VoiceCall = NonNullable<v.InferOutput<typeof MessageSchema>['message']['call']>
