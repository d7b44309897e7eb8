/**
 * Path coverage of machines/textChat.ts at the UI level, on the scripted voice build (voice settings, so
 * 'Type instead' is there): a visitor presses 'Type instead', types in the Message box, presses Enter,
 * Retry and Close; the test writes the platform's answer event by event (support/chat.ts). The checks
 * look only at what a visitor sees, and at the requests the page made.
 */
import { expect, type Page } from '@playwright/test'
import { CHAT_ERRORS } from '../../../core/chatErrors'
import { textChatMachine } from '../../../machines/textChat'
import { appReady, describeUiPaths } from '../support/uiLevel'
import { textChatModelOptions } from '../textChat.model'
import { chatLog, chatPanel, messageBox, openVoiceWidget, typeInstead } from '../../support/pages/voicePanel'
import { chatRequests, endStream, holdChatReplies, pushEvent } from './support/chat'
import { typeInto } from '../../support/typing'

interface Sut {
  page: Page
  open: boolean
  opened: boolean
  typed: string
  log: string[]
  partial: string
  question: string
  /** The session each request should carry, in order. */
  askedWith: Array<string | undefined>
  session: string | undefined
  error: string
}

const visibleLog = (sut: Sut) => [...sut.log, ...(sut.partial ? [`Assistant: ${sut.partial}`] : [])]

/** What the conversation shows, when the panel is open to show it. */
async function expectLog(sut: Sut) {
  if (!sut.open) return
  const paragraphs = chatLog(sut.page).getByRole('paragraph')
  if (visibleLog(sut).length === 0) await expect(paragraphs).toHaveText(['Ask about our services, or ask the assistant to book a call for you.'])
  else await expect(paragraphs.filter({ hasText: /^(You|Assistant):/ })).toHaveText(visibleLog(sut))
}

function ask(sut: Sut, question: string) {
  sut.question = question
  sut.log.push(`You: ${question}`)
  sut.typed = ''
  sut.error = ''
  sut.askedWith.push(sut.session)
}

describeUiPaths<typeof textChatMachine, Sut>(
  'textChat',
  textChatMachine,
  async (page): Promise<Sut> => {
    await holdChatReplies(page)
    await page.goto('/')
    await appReady(page, openVoiceWidget)
    return { page, open: false, opened: false, typed: '', log: [], partial: '', question: '', askedWith: [], session: undefined, error: '' }
  },
  {
    ...textChatModelOptions,
    events: {
      OPEN: async (sut) => {
        sut.open = true
        sut.opened = true
        await typeInstead(sut.page).click()
      },
      CLOSE: async (sut) => {
        sut.open = false
        await chatPanel(sut.page).getByRole('button', { name: 'Close' }).click()
      },
      EDIT: async (sut, event) => {
        sut.typed = event.text
        await typeInto(messageBox(sut.page), event.text)
      },
      SEND: async (sut) => {
        ask(sut, sut.typed.trim())
        await messageBox(sut.page).press('Enter')
      },
      RETRY: async (sut) => {
        sut.error = ''
        sut.askedWith.push(sut.session)
        await chatPanel(sut.page).getByRole('button', { name: 'Retry' }).click()
      },
      // The platform names the session in a chunk of its answer.
      'REPLY.SESSION': async (sut, event) => {
        sut.session = event.sessionId
        await pushEvent(sut.page, JSON.stringify({ id: 'chunk-0', sessionId: event.sessionId, path: 'chat.output[0].content', delta: '' }))
      },
      'REPLY.DELTA': async (sut, event) => {
        sut.partial += event.text
        await pushEvent(sut.page, JSON.stringify({ id: 'chunk-1', path: 'chat.output[0].content', delta: event.text }))
      },
      'REPLY.DONE': async (sut) => {
        if (sut.partial) sut.log.push(`Assistant: ${sut.partial.trim()}`)
        sut.partial = ''
        await pushEvent(sut.page, '[DONE]')
      },
      // The only failure a held stream can show: it ends before [DONE].
      'REPLY.FAILED': async (sut, event) => {
        expect(event.message).toBe(CHAT_ERRORS.cutOff)
        sut.partial = ''
        sut.error = event.message
        await endStream(sut.page)
      },
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      panel: () => {},
      'panel.closed': async (sut) => {
        await expect(chatPanel(sut.page)).toHaveCount(0)
        await expect(typeInstead(sut.page)).toHaveAttribute('aria-expanded', 'false')
        if (sut.opened) await expect(typeInstead(sut.page)).toBeFocused()
      },
      'panel.open': async (sut) => {
        await expect(chatPanel(sut.page)).toBeVisible()
        await expect(typeInstead(sut.page)).toHaveAttribute('aria-expanded', 'true')
        await expect(messageBox(sut.page)).toHaveValue(sut.typed)
        await expect(messageBox(sut.page)).toBeFocused()
      },
      conversation: async (sut) => {
        await expectLog(sut)
        const requests = await chatRequests(sut.page)
        // One request per question asked (Retry included), each in the session known when it was asked.
        expect(requests.map((r) => r.body.sessionId)).toEqual(sut.askedWith)
      },
      'conversation.idle': async (sut) => {
        if (sut.open) await expect(chatPanel(sut.page).getByRole('alert')).toHaveCount(0)
      },
      'conversation.replying': async (sut) => {
        const requests = await chatRequests(sut.page)
        expect(requests.at(-1)).toMatchObject({ body: { input: sut.question }, open: true })
        if (sut.open) await expect(chatLog(sut.page)).toHaveAttribute('aria-busy', 'true')
      },
      'conversation.replying.sending': async (sut) => {
        if (sut.open) await expect(chatLog(sut.page).getByText('Assistant is typing…')).toBeVisible()
      },
      'conversation.replying.streaming': async (sut) => {
        if (sut.open) await expect(chatLog(sut.page).getByText('Assistant is typing…')).toHaveCount(0)
      },
      'conversation.failed': async (sut) => {
        if (!sut.open) return
        const alert = chatPanel(sut.page).getByRole('alert')
        await expect(alert).toContainText(sut.error)
        await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible()
      },
    },
  },
)
