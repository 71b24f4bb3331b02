/**
 * The unread part of a byte stream, refilled chunk by chunk. Whatever lies before `pos` is
 * dropped at the next refill, so memory holds one value being read plus one chunk, never the file.
 */
export class ByteWindow {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  /** Absolute offset of buf[0] in the stream. */
  private base = 0;
  private ended = false;

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
    const rest = this.buf.subarray(this.pos);
    this.base += this.pos;
    this.buf = rest.length === 0 ? Buffer.from(next.value) : Buffer.concat([rest, next.value]);
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
