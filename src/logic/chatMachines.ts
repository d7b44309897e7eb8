/**
 * The text conversation's machine with its request and XState: a chunk of its own, out of the first load,
 * imported when the page is idle or at the first press on 'Type instead' (src/components/voice/textChatActor.ts).
 * It holds no call SDK: typing never loads @vapi-ai/web.
 */
export { createActor } from 'xstate'
export { textChatLogic } from './textChat'
