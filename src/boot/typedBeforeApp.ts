/**
 * Text typed into a field before the app ran: hydration puts back the value the page was rendered
 * with, so the text would be erased and nothing filtered. main.tsx takes it before hydrating; the
 * field's component takes it back once it has hydrated (useTextTypedBeforeApp) and applies it, as
 * if typed then (a search filters).
 */
import { useEffect } from 'react'

let typed = new Map<string, string>()

/** Notes the text of every field (by id) whose value is not the one the page was rendered with. */
export function noteTextTypedBeforeApp(root: HTMLElement): void {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')
  typed = new Map([...fields].filter((field) => field.value !== field.defaultValue).map((field) => [field.id, field.value]))
}

/** Once the component has hydrated: `apply` gets the text typed into field `id` before the app ran, if any. */
export function useTextTypedBeforeApp(id: string, apply: (text: string) => void): void {
  useEffect(() => {
    const text = typed.get(id)
    typed.delete(id)
    if (text !== undefined) apply(text)
    // Once, at hydration: later renders have nothing typed before the app to take.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
}
