import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { shellFileFor } from '../../core/shellPages'

// Compressed on libuv's thread pool, so /healthz answers while the site loads.
const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export interface StaticFile {
  body: Buffer
  gzip?: Buffer
  brotli?: Buffer
  type: string
  etag: string
  cacheControl: string
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest'])

/** Hashed build output never changes under its name; HTML must always be revalidated. */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (path.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile() && !entry.name.startsWith('.')) yield full
  }
}

/**
 * The built site, read once into memory with gzip and brotli variants: it is a few hundred KB and
 * never changes while the server runs.
 */
export async function loadStaticSite(dir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>()
  for await (const full of walk(dir)) {
    const urlPath = '/' + relative(dir, full).split(sep).join('/')
    const body = await readFile(full)
    const ext = extname(full)
    const file: StaticFile = {
      body,
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: cacheControlFor(urlPath),
    }
    if (compressible.has(ext) && body.length > 512) {
      ;[file.gzip, file.brotli] = await Promise.all([
        gzipAsync(body, { level: 9 }),
        brotliAsync(body, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ])
    }
    files.set(urlPath, file)
  }
  return files
}

/**
 * `/about` and `/about/` are `/about/index.html`; a path with no file of its own one segment below a
 * folder with a shell (`/booking/{uid}`) is that shell (core/shellPages.ts).
 */
export function lookup(files: Map<string, StaticFile>, pathname: string): StaticFile | undefined {
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (path.includes('\0') || path.split('/').includes('..')) return undefined
  const trimmed = path.replace(/\/+$/, '')
  const shell = shellFileFor(trimmed)
  return (
    files.get(path) ??
    files.get(`${trimmed}/index.html`) ??
    (trimmed === '' ? files.get('/index.html') : undefined) ??
    (shell ? files.get(shell) : undefined)
  )
}
