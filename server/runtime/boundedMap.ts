/**
 * A Map of at most `limit` entries: adding a key past the limit forgets the oldest one (insertion
 * order). For the server's memos of what requests repeat, which must not grow without bound.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super()
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K)
    return super.set(key, value)
  }
}
