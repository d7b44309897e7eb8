import { textChatMachine } from '../../machines/textChat'
import { chatReplyLogic } from '../lib/chat/chatReplyActor'
import { CALL_BUTTON_ID, CHAT_MESSAGE_ID, focusAfterRender, focusByIdAfterRender } from '../lib/focus'
import { voiceConfig } from '../config'

export const textChatLogic = textChatMachine.provide({
  actors: {
    chatReply: chatReplyLogic(voiceConfig),
  },
  actions: {
    focusMessage: () => focusByIdAfterRender(CHAT_MESSAGE_ID),
    // Back to 'Type instead'; if it has gone (a call started), to the call button beside it.
    returnFocus: ({ context }) => focusAfterRender(context.opener, CALL_BUTTON_ID),
  },
})
