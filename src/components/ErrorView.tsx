import { useRouterState } from '@tanstack/react-router'

/**
 * A production build shows the stack's function names without their files: rendered by the server, the
 * files would be the server's paths.
 */
export function stackWithoutPaths(stack: string): string {
  return stack
    .split('\n')
    .map((line) =>
      line
        .replace(/^(\s+at .+?) \((?:[^()]*[/\\][^()]*|[^()]*:\d+:\d+)\)$/, '$1')
        .replace(/^(\s+at )(?:file:|https?:|\/|[A-Za-z]:\\).*$/, '$1<anonymous>'),
    )
    .join('\n')
}

/** The default error view of docs/design.md#pages: heading, message, stack beneath. */
export function ErrorView({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error)
  const rawStack = error instanceof Error ? error.stack : undefined
  const stack = rawStack && import.meta.env.PROD ? stackWithoutPaths(rawStack) : rawStack
  return (
    <main className="mx-auto max-w-3xl px-6 py-24 text-slate-100">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-rose-300">{message}</p>
      {stack ? (
        // The stack differs between the prerenderer and the browser by nature.
        <pre suppressHydrationWarning className="mt-6 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-900 p-4 text-sm text-slate-300">
          {stack}
        </pre>
      ) : null}
      <p className="mt-8">
        <a className="text-sky-300 underline underline-offset-4 hover:text-sky-200" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  )
}

export function NotFoundView() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return <ErrorView error={new NotFoundError(pathname)} />
}

export class NotFoundError extends Error {
  constructor(pathname: string) {
    super(`404 Not Found: no page matches "${pathname}"`)
    this.name = 'NotFoundError'
  }
}
