/**
 * Resolves once the browser has painted content (the `first-contentful-paint` entry, delivered to the
 * observer even when it came before). At once in a tab in the background, which paints nothing until
 * it is shown, and in a browser without paint timing. (Sooner than pageEnvironment's afterFirstPaint,
 * which also waits for the load event and an idle moment.)
 */
export function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || document.visibilityState === 'hidden') {
      resolve()
      return
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done()
    })
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') done()
    }
    const done = () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
      resolve()
    }
    observer.observe({ type: 'paint', buffered: true })
    document.addEventListener('visibilitychange', onVisibility)
  })
}
