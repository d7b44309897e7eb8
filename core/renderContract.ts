/**
 * What the server may call in the render bundle (`dist/render/entry-server.js`, built from
 * src/entry-server.tsx): declared here so the server never names the browser app, even in a type.
 */

/** A whole HTML document rendered from the built template. */
export interface RenderedDocument {
  /** The router's status: 200, 404 for a path no route serves (or a loader's notFound), 500 for an error. */
  status: number
  html: string
}

export interface RenderModule {
  /** Renders a path into the built index.html template (the server uses it for its 404 pages). */
  renderDocument(template: string, url: string): Promise<RenderedDocument>
}
