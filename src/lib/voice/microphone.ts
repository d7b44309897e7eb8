import { MICROPHONE_MESSAGES, microphoneProblem, UNKNOWN_ERROR } from '../../../core/voiceErrors'

/** A microphone failure with a message that says what to do. */
export class MicrophoneError extends Error {
  override name = 'MicrophoneError'
}

/**
 * Asks for the microphone inside the click (keeps the mobile gesture window, docs/design.md#voice) and
 * releases it at once: the SDK opens its own stream; this call is for the permission and a precise message.
 */
export async function requestMicrophone(mediaDevices: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<void> {
  if (!mediaDevices?.getUserMedia) throw new MicrophoneError(MICROPHONE_MESSAGES.unsupported)
  let stream: MediaStream
  try {
    stream = await mediaDevices.getUserMedia({ audio: true })
  } catch (error) {
    const problem = microphoneProblem(error)
    throw new MicrophoneError(problem ? MICROPHONE_MESSAGES[problem] : error instanceof Error && error.message ? error.message : UNKNOWN_ERROR)
  }
  for (const track of stream.getTracks()) track.stop()
}
