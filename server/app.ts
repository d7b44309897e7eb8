import { Hono } from 'hono'
import type { ServerConfig } from './config'
import { contentSecurityPolicy, securityHeaders } from './securityHeaders'
import { lookup, type StaticFile } from './staticSite'

export interface AppDeps {
  config: ServerConfig
  /** The built site (dist/client), by URL path. */
  site: Map<string, StaticFile>
  /** Renders the error view for a path no route matches. */
  renderNotFound: (url: string) => Promise<string>
  /** The API routes, mounted under /api. */
  api?: Hono
}

export function createApp({ config, site, renderNotFound, api }: AppDeps): Hono {
  const app = new Hono()
  const headers = securityHeaders(contentSecurityPolicy(config))

  app.use(async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  })

  if (api) app.route('/api', api)
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404))

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const file = lookup(site, c.req.path)
    if (!file) {
      const html = await renderNotFound(c.req.path)
      return c.html(html, 404, { 'Cache-Control': 'no-cache' })
    }
    if (c.req.header('if-none-match') === file.etag) {
      return c.body(null, 304, { ETag: file.etag, 'Cache-Control': file.cacheControl })
    }
    const accepts = c.req.header('accept-encoding') ?? ''
    const [body, encoding] =
      file.brotli && /\bbr\b/.test(accepts)
        ? [file.brotli, 'br']
        : file.gzip && /\bgzip\b/.test(accepts)
          ? [file.gzip, 'gzip']
          : [file.body, undefined]
    const responseHeaders: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    }
    if (encoding) responseHeaders['Content-Encoding'] = encoding
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: responseHeaders })
  })

  app.all('*', (c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }))
  return app
}
