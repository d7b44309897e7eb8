/** Pure helpers of the voiceCall machine: live captions and the call timer's text. */

export type CaptionRole = 'assistant' | 'user'

export interface Caption {
  id: number
  role: CaptionRole
  text: string
  /** false while the speaker is still talking (a partial transcript). */
  final: boolean
}

export interface Transcript {
  role: CaptionRole
  text: string
  final: boolean
}

/** How many caption lines the widget keeps. */
export const CAPTION_LINES = 3

/**
 * A partial transcript replaces the speaker's previous partial line; a final one settles it.
 * Only the last few lines are kept.
 */
export function applyTranscript(captions: readonly Caption[], transcript: Transcript, max = CAPTION_LINES): Caption[] {
  const text = transcript.text.trim()
  if (text === '') return [...captions]
  const last = captions.at(-1)
  const nextId = (last?.id ?? 0) + 1
  const openIndex = captions.findLastIndex((c) => c.role === transcript.role && !c.final)
  const updated = [...captions]
  if (openIndex >= 0) {
    const open = updated[openIndex]!
    updated[openIndex] = { ...open, text, final: transcript.final }
  } else {
    updated.push({ id: nextId, role: transcript.role, text, final: transcript.final })
  }
  return updated.slice(-max)
}

/** Seconds as mm:ss (minutes keep counting past 59). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0')
  const ss = String(seconds % 60).padStart(2, '0')
  return `${mm}:${ss}`
}
