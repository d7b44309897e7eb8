/**
 * Adds the site's external script bundle (docs/design.md#pages) to the page once, async. Navigating back and forth
 * between layouts must not add it again, so the DOM itself is the record of whether it is there.
 */
export function loadExternalScriptOnce(src: string): void {
  if (!src || typeof document === 'undefined') return
  const already = [...document.querySelectorAll<HTMLScriptElement>('script[data-external-script]')].some(
    (script) => script.dataset.externalScript === src,
  )
  if (already) return
  const script = document.createElement('script')
  script.src = src
  script.async = true
  script.dataset.externalScript = src
  document.head.appendChild(script)
}
