import { notFoundHead, routeHeads, type PageHead } from '../../content/pages'
import { site } from '../../content/site'
import { headsByPath, shellHeadsByFolder, shellHeadsByPath } from './sitePages'

const pages = headsByPath(routeHeads)
const shells = shellHeadsByFolder(routeHeads)
const ownShells = shellHeadsByPath(routeHeads)

/**
 * The head of a path, and what it is: a listed page (canonical), a shell such as /booking/{uid}
 * (noindex, and no og:url: one file serves every uid) or /desk (noindex), or the 404 view (noindex).
 */
export function headFor(pathname: string): PageHead & { canonical: string; kind: 'page' | 'shell' | 'notFound' } {
  const path = pathname !== '/' ? pathname.replace(/\/+$/, '') : pathname
  const canonical = `${site.url}${path}`
  const page = pages.get(path)
  if (page) return { ...page, canonical, kind: 'page' }
  const ownShell = ownShells.get(path)
  if (ownShell) return { ...ownShell, canonical, kind: 'shell' }
  const folder = path.slice(0, path.lastIndexOf('/'))
  const shell = folder ? shells.get(folder) : undefined
  return shell ? { ...shell, canonical, kind: 'shell' } : { ...notFoundHead, canonical, kind: 'notFound' }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The <head> tags the prerenderer writes for a path. */
export function headTags(pathname: string): string {
  const h = headFor(pathname)
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}" />`,
    h.kind === 'page' ? `<link rel="canonical" href="${escapeHtml(h.canonical)}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(h.description)}" />`,
    ...(h.kind === 'shell' ? [] : [`<meta property="og:url" content="${escapeHtml(h.canonical)}" />`]),
    `<meta property="og:image" content="${escapeHtml(site.url + site.ogImage)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ]
  return tags.join('\n    ')
}

/** Keeps the document head in step with client-side navigation. */
export function applyHead(doc: Document, pathname: string): void {
  const h = headFor(pathname)
  doc.title = h.title
  const set = (selector: string, attr: string, value: string) => doc.head.querySelector(selector)?.setAttribute(attr, value)
  set('meta[name="description"]', 'content', h.description)
  set('link[rel="canonical"]', 'href', h.canonical)
  set('meta[property="og:title"]', 'content', h.title)
  set('meta[property="og:description"]', 'content', h.description)
  set('meta[property="og:url"]', 'content', h.canonical)
}
