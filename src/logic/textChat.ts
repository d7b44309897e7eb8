import { textChatMachine } from '../../machines/textChat'
import { chatReplyLogic } from '../lib/chat/chatReplyActor'
import { CALL_BUTTON_ID, CHAT_MESSAGE_ID, TYPE_INSTEAD_ID } from '../lib/elementIds'
import { focusAfterRender, focusByIdAfterRender } from '../lib/focus'
import { voiceConfig } from '../config'

export const textChatLogic = textChatMachine.provide({
  actors: {
    chatReply: chatReplyLogic(voiceConfig),
  },
  actions: {
    focusMessage: () => focusByIdAfterRender(CHAT_MESSAGE_ID),
    // Back to 'Type instead'. The one pressed may have gone: the first-load shell's is drawn anew by the
    // call part when that loads (a press before then), so to the one there now; if none (a call started),
    // to the call button beside it.
    returnFocus: ({ context }) => focusAfterRender(context.opener, TYPE_INSTEAD_ID, CALL_BUTTON_ID),
  },
})
