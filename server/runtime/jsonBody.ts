/**
 * A JSON answer serialised once and compressed at most once per encoding, then sent many times: the
 * slots cache keeps these. A week of slots is about 8 KB of JSON and 1 KB compressed.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Below this, compressing saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024

export type ContentEncoding = 'br' | 'gzip'

/** The encoding to send of those at hand, by the request's Accept-Encoding: brotli first, then gzip. */
export function chooseEncoding(acceptEncoding: string, available: { br: boolean; gzip: boolean }): ContentEncoding | undefined {
  if (available.br && /\bbr\b/.test(acceptEncoding)) return 'br'
  if (available.gzip && /\bgzip\b/.test(acceptEncoding)) return 'gzip'
  return undefined
}

export class JsonBody {
  private readonly compressed: Partial<Record<ContentEncoding, Uint8Array<ArrayBuffer>>> = {}

  /** Whether compressing pays (measured once: the text is sent many times). */
  private readonly worthCompressing: boolean

  constructor(readonly text: string) {
    this.worthCompressing = Buffer.byteLength(text) >= COMPRESS_FROM_BYTES
  }

  /** The bytes to send to a client that accepts `acceptEncoding`, and their Content-Encoding. */
  encodedFor(acceptEncoding: string): { body: string | Uint8Array<ArrayBuffer>; encoding?: ContentEncoding } {
    const worth = this.worthCompressing
    const encoding = chooseEncoding(acceptEncoding, { br: worth, gzip: worth })
    if (!encoding) return { body: this.text }
    // A mid quality: nearly brotli's best size on JSON this small, at a fraction of quality 11's time.
    this.compressed[encoding] ??= new Uint8Array(
      encoding === 'br'
        ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(this.text, { level: 6 }),
    )
    return { body: this.compressed[encoding], encoding }
  }
}
