import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * An append-only log of JSON lines in two files, within a byte budget (docs/storage.md): entries are
 * appended to `<name>.jsonl` until it holds half the budget; it then becomes `<name>.older.jsonl`
 * and the one before it goes, so the log holds between half its budget and all of it and never
 * rewrites what it wrote. The owner keeps the entries it needs in memory, oldest first, in the
 * order it appended them; the log tells it how many of the oldest went with `dropped(count)`.
 * Without a folder nothing is written and only the budget is kept.
 */
export class JsonlLog<T> {
  /** Bytes of each line kept, oldest first; the first `older` are in the older file. */
  private readonly sizes: number[] = [];
  private older = 0;
  private currentBytes = 0;
  private olderBytes = 0;
  private fd: number | null = null;
  /** What open() accepted: a rewrite keeps only such lines, so it must not depend on state. */
  private accept: (entry: T) => boolean = () => true;
  /** While open() trims, the entries dropped are left out of what it returns instead. */
  private opening: { dropped: number } | null = null;
  private readonly files: { current: string; older: string } | undefined;

  constructor(
    dir: string | undefined,
    name: string,
    private readonly budgetBytes: () => number,
    private readonly dropped: (count: number) => void,
  ) {
    this.files =
      dir === undefined
        ? undefined
        : { current: join(dir, `${name}.jsonl`), older: join(dir, `${name}.older.jsonl`) };
  }

  /** The files' names in the data folder, for the docs and the answers that cite them. */
  get fileNames(): { current: string; older: string } | undefined {
    return this.files;
  }

  /**
   * Reads the older file then the current one: every entry `accept` takes, oldest first. A line cut
   * short (the machine stopped while it was written) is skipped, and so is one `accept` refuses
   * (it must judge the entry alone); the rest are kept. Then opens the current file for appending
   * and keeps within the budget: what that drops is not returned.
   */
  open(accept: (entry: T) => boolean = () => true): T[] {
    if (!this.files) return [];
    this.accept = accept;
    const entries: T[] = [];
    this.olderBytes = this.read(this.files.older, entries);
    this.older = this.sizes.length;
    this.currentBytes = this.read(this.files.current, entries);
    this.fd = openSync(this.files.current, 'a');
    this.opening = { dropped: 0 };
    this.trim();
    const { dropped } = this.opening;
    this.opening = null;
    return entries.slice(dropped);
  }

  append(entry: T): void {
    const line = `${JSON.stringify(entry)}\n`;
    const bytes = Buffer.byteLength(line);
    if (this.currentBytes > 0 && this.currentBytes + bytes > this.budgetBytes() / 2) this.rotate();
    this.sizes.push(bytes);
    this.currentBytes += bytes;
    if (this.fd !== null) writeSync(this.fd, line);
  }

  /**
   * After the budget is lowered: over it, the older file goes, and the current one keeps its newest
   * lines within half the budget (written afresh from the file, the one rewrite the log makes).
   */
  trim(): void {
    const budget = this.budgetBytes();
    if (this.olderBytes + this.currentBytes <= budget) return;
    this.dropOlder();
    let drop = 0;
    while (drop < this.sizes.length && this.currentBytes > budget / 2)
      this.currentBytes -= this.sizes[drop++] as number;
    if (drop === 0) return;
    this.sizes.splice(0, drop);
    this.tell(drop);
    this.rewriteCurrent(drop);
  }

  /** Forgets every entry, on disk too (the owner forgets its own: `dropped` is not told). */
  clear(): void {
    this.rewriteCurrent(Number.POSITIVE_INFINITY);
    if (this.files) rmSync(this.files.older, { force: true });
    this.sizes.length = 0;
    this.older = 0;
    this.olderBytes = 0;
    this.currentBytes = 0;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** How many entries are kept, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.sizes.length, bytes: this.olderBytes + this.currentBytes };
  }

  /** The current file becomes the older one; the entries of the one before it go. */
  private rotate(): void {
    const gone = this.older;
    this.sizes.splice(0, gone);
    this.older = this.sizes.length;
    this.olderBytes = this.currentBytes;
    this.currentBytes = 0;
    this.tell(gone);
    if (!this.files) return;
    this.close();
    renameSync(this.files.current, this.files.older);
    this.fd = openSync(this.files.current, 'a');
  }

  private dropOlder(): void {
    const gone = this.older;
    this.sizes.splice(0, gone);
    this.older = 0;
    this.olderBytes = 0;
    this.tell(gone);
    if (this.files) rmSync(this.files.older, { force: true });
  }

  /** Adds a file's accepted entries; their size in bytes. */
  private read(file: string, into: T[]): number {
    if (!existsSync(file)) return 0;
    let bytes = 0;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      let entry: T;
      try {
        entry = JSON.parse(line) as T;
      } catch {
        continue;
      }
      if (!this.accept(entry)) continue;
      const size = Buffer.byteLength(line) + 1;
      into.push(entry);
      this.sizes.push(size);
      bytes += size;
    }
    return bytes;
  }

  /**
   * The current file without its first `skip` kept lines, written to a new file, then put in its
   * place. Lines the reader skipped (cut short, refused) are left out too.
   */
  private rewriteCurrent(skip: number): void {
    if (!this.files) return;
    this.close();
    const kept = existsSync(this.files.current)
      ? readFileSync(this.files.current, 'utf8')
          .split('\n')
          .filter((line) => this.keeps(line))
          .slice(skip)
      : [];
    const next = `${this.files.current}.next`;
    writeFileSync(next, kept.map((line) => `${line}\n`).join(''));
    renameSync(next, this.files.current);
    this.fd = openSync(this.files.current, 'a');
  }

  private keeps(line: string): boolean {
    if (line === '') return false;
    try {
      return this.accept(JSON.parse(line) as T);
    } catch {
      return false;
    }
  }

  private tell(count: number): void {
    if (count === 0) return;
    if (this.opening) this.opening.dropped += count;
    else this.dropped(count);
  }
}
