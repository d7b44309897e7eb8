import type { Caption } from '../../../machines/voiceCaptions'
import { callPanelText } from '../../content/voiceCallPanel'

/** The last few lines of the conversation, partial ones in a lighter shade. */
export function Captions({ captions }: { captions: readonly Caption[] }) {
  return (
    <div role="log" aria-live="polite" aria-label={callPanelText.captions} className="min-h-12 space-y-1 rounded-md bg-slate-950/60 p-2 text-sm">
      {captions.map((caption) => (
        <p key={caption.id} className={caption.final ? 'text-slate-100' : 'text-slate-400'}>
          <span className="font-semibold">{caption.role === 'assistant' ? 'Assistant' : 'You'}:</span> {caption.text}
        </p>
      ))}
    </div>
  )
}
