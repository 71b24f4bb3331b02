const MIN_STORE = 256 * 1024;

/**
 * The unread part of a byte stream, refilled chunk by chunk. Whatever lies before `pos` is
 * dropped at the next refill, so memory holds one value being read plus one chunk, never the file.
 */
export class ByteWindow {
  /** The start of `store`: the bytes from the last refill's `pos` on, then what arrived since. */
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  /** Absolute offset of buf[0] in the stream. */
  private base = 0;
  private ended = false;
  private store: Buffer = Buffer.alloc(0);

  constructor(private readonly chunks: AsyncIterator<Uint8Array>) {}

  /** Absolute offset of `pos`, for error messages. */
  get offset(): number {
    return this.base + this.pos;
  }

  /** Appends the next chunk, keeping bytes from `pos` on (pos becomes 0); false at the end. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = next.value;
    const rest = this.buf.length - this.pos;
    const size = rest + chunk.length;
    // A value longer than a chunk grows in place, the store doubling: copying all of it again at
    // every chunk would cost the square of its size. Once such a value is read the store shrinks.
    const tooSmall = size > this.store.length;
    const tooLarge = this.store.length > 4 * MIN_STORE && size < this.store.length / 4;
    if (tooSmall || tooLarge) {
      const store = Buffer.allocUnsafe(Math.max(2 * size, MIN_STORE));
      this.buf.copy(store, 0, this.pos);
      this.store = store;
    } else if (this.pos > 0 && rest > 0) {
      this.store.copyWithin(0, this.pos, this.buf.length);
    }
    this.store.set(chunk, rest);
    this.base += this.pos;
    this.buf = this.store.subarray(0, size);
    this.pos = 0;
    return true;
  }

  async peekIs(byte: number): Promise<boolean> {
    if (this.pos >= this.buf.length && !(await this.more())) return false;
    return this.buf[this.pos] === byte;
  }

  async atEnd(): Promise<boolean> {
    return this.pos >= this.buf.length && !(await this.more());
  }
}
