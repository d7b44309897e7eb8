/** Placeholder until the voice issue: the floating widget's slot in the main layout. */
export function VoiceWidget() {
  return null
}
