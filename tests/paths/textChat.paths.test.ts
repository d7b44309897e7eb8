/**
 * Path coverage of machines/textChat.ts at the machine level: the production machine with its request
 * (chatReply) replaced by a callback actor that records what it was asked and reports the platform's
 * answer the way the app's client does, and its focus effects counted.
 */
import { expect } from 'vitest'
import { createActor, fromCallback, type EventObject } from 'xstate'
import { chatStatus, isChatOpen, textChatMachine, type ChatReplyInput, type TextChatEvent } from '../../machines/textChat'
import { describeMachinePaths } from './support/machineLevel'
import { QUESTION, textChatModelOptions } from './textChat.model'
import type { AnySnapshot } from './support/machineModel'

interface Request {
  input: ChatReplyInput
  stopped: boolean
  sendBack: (event: EventObject) => void
}

function startChat() {
  const requests: Request[] = []
  const effects = { focusMessage: 0, returnFocus: 0 }
  const machine = textChatMachine.provide({
    actors: {
      chatReply: fromCallback<EventObject, ChatReplyInput>(({ input, sendBack }) => {
        const request: Request = { input, stopped: false, sendBack }
        requests.push(request)
        return () => void (request.stopped = true)
      }),
    },
    actions: {
      focusMessage: () => void effects.focusMessage++,
      returnFocus: () => void effects.returnFocus++,
    },
  })
  const actor = createActor(machine)
  actor.start()
  return {
    actor,
    requests,
    effects,
    /** What the visitor did and what the platform answered, for the checks. */
    opener: { focus: () => {} },
    opens: 0,
    closes: 0,
    retries: 0,
    typed: '',
    /** The visitor's questions and the complete replies, in order. */
    log: [] as Array<{ role: 'visitor' | 'assistant'; text: string }>,
    question: '',
    partial: '',
    session: null as string | null,
    error: '',
    /** The session id each question was asked with. */
    askedWith: [] as Array<string | null>,
    report(event: TextChatEvent) {
      const request = requests.at(-1)
      if (!request || request.stopped) throw new Error('No request is under way to report on.')
      request.sendBack(event)
    },
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    stop: () => actor.stop(),
  }
}

type Sut = ReturnType<typeof startChat>

function ask(sut: Sut) {
  sut.question = sut.typed.trim()
  sut.log.push({ role: 'visitor', text: sut.question })
  sut.typed = ''
  sut.askedWith.push(sut.session)
  sut.error = ''
}

describeMachinePaths('textChat', textChatMachine, startChat, {
  ...textChatModelOptions,
  // This level also types a question with spaces around it and a draft of spaces only (a draft that is blank is
  // a vertex of its own here), so the trimming of what is asked, and Send refused for blanks, are checked.
  samples: {
    ...textChatModelOptions.samples,
    EDIT: [
      { type: 'EDIT', text: ` ${QUESTION} ` },
      { type: 'EDIT', text: '' },
      { type: 'EDIT', text: '  ' },
    ],
  },
  serializeState: (s: AnySnapshot) => {
    const draft = s.context.draft as string
    return JSON.stringify({ value: s.value, draft: draft === '' ? 'empty' : draft.trim() ? 'text' : 'blank', session: s.context.sessionId !== null })
  },
  views: { chatStatus, isChatOpen },
  events: {
    OPEN: (sut) => {
      sut.opens++
      sut.actor.send({ type: 'OPEN', opener: sut.opener })
    },
    CLOSE: (sut) => {
      sut.closes++
      sut.actor.send({ type: 'CLOSE' })
    },
    EDIT: (sut, event) => {
      sut.typed = event.text
      sut.actor.send(event)
    },
    SEND: (sut) => {
      ask(sut)
      sut.actor.send({ type: 'SEND' })
    },
    RETRY: (sut) => {
      sut.retries++
      sut.askedWith.push(sut.session)
      sut.error = ''
      sut.actor.send({ type: 'RETRY' })
    },
    'REPLY.SESSION': (sut, event) => {
      sut.session = event.sessionId
      sut.report(event)
    },
    'REPLY.DELTA': (sut, event) => {
      sut.partial += event.text
      sut.report(event)
    },
    'REPLY.DONE': (sut, event) => {
      if (sut.partial) sut.log.push({ role: 'assistant', text: sut.partial })
      sut.partial = ''
      sut.report(event)
    },
    'REPLY.FAILED': (sut, event) => {
      sut.partial = ''
      sut.error = event.message
      sut.report(event)
    },
  },
  internal: { advance: () => {}, done: {}, error: {} },
  states: {
    panel: (sut) => expect(sut.context().draft).toBe(sut.typed),
    'panel.closed': (sut) => {
      // Every close gave the focus back (to 'Type instead', or the call button).
      expect(sut.effects.returnFocus).toBe(sut.closes)
      expect(sut.snapshot().can({ type: 'EDIT', text: 'x' })).toBe(false)
    },
    'panel.open': (sut) => {
      expect(sut.context().opener, 'the focus goes back to what opened the panel').toBe(sut.opener)
      // Every press on 'Type instead' (and on Retry) put the focus in the Message box.
      expect(sut.effects.focusMessage).toBe(sut.opens + sut.retries)
    },
    conversation: (sut) => {
      const c = sut.context()
      expect(c.messages.map(({ role, text }) => ({ role, text }))).toEqual([...sut.log, ...(sut.partial ? [{ role: 'assistant', text: sut.partial }] : [])])
      expect(c.sessionId).toBe(sut.session)
      // Each message has its own id, in order, and the next id is a new one (the log's keys, the reply's place).
      const ids = [...c.messages.map((m) => m.id), c.nextId]
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect(new Set(ids).size).toBe(ids.length)
      expect(c.errorMessage).toBe(sut.error)
      // Nothing is asked twice at once: every request but the newest was stopped or has answered.
      expect(sut.requests.filter((r) => !r.stopped).length).toBeLessThanOrEqual(1)
    },
    'conversation.idle': (sut) => {
      expect(sut.context().replyId).toBeNull()
      expect(sut.requests.every((r) => r.stopped)).toBe(true)
    },
    'conversation.replying': (sut) => {
      // One request per question asked (Retry included), each in the session known when it was asked.
      expect(sut.requests.map((r) => r.input.sessionId)).toEqual(sut.askedWith)
      expect(sut.requests.at(-1)!.input.input).toBe(sut.question)
      expect(sut.requests.at(-1)!.stopped).toBe(false)
    },
    'conversation.replying.sending': (sut) => expect(sut.context().replyId).toBeNull(),
    'conversation.replying.streaming': (sut) => expect(sut.context().messages.at(-1)).toMatchObject({ role: 'assistant', text: sut.partial }),
    'conversation.failed': (sut) => {
      expect(sut.context().errorMessage).not.toBe('')
      expect(sut.requests.at(-1)!.stopped).toBe(true)
      expect(sut.snapshot().can({ type: 'RETRY' })).toBe(sut.snapshot().matches({ panel: 'open' }))
    },
  },
})
