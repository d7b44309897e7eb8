/**
 * Shell pages: a route whose page the browser makes for any value of its param (the manage page
 * /booking/{uid}) is prerendered once, as a shell, into its folder under SHELL_FILE. The server
 * serves that shell, with status 200, for every path one segment below the folder that has no file
 * of its own. Shared by the build (which writes it) and the server (which finds it).
 */
export const SHELL_FILE = '_shell.html'

/** Where the shell of a path would be: `/booking/abc` → `/booking/_shell.html`; none for `/` or a top-level path. */
export function shellFileFor(pathname: string): string | undefined {
  const segments = pathname.split('/')
  if (segments.length < 3 || segments.some((s, i) => i > 0 && s === '')) return undefined
  return `${segments.slice(0, -1).join('/')}/${SHELL_FILE}`
}
