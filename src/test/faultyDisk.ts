import { open, type FileHandle } from 'node:fs/promises';

/**
 * A real journal file whose writes the test can make fail (with an errno) or stall, the way a
 * full or slow disk would. Everything else about the handle is the real one.
 */
export class FaultyDisk {
  /** Writes still to fail, and with what. */
  failures = 0;
  code = 'ENOSPC';
  /** While set, every write waits for it. */
  stall: Promise<void> | null = null;
  /** Writes that failed on purpose. */
  failed = 0;

  readonly openSegment = async (path: string): Promise<FileHandle> => {
    const fh = await open(path, 'a');
    const write = fh.write.bind(fh) as (...args: unknown[]) => Promise<{ bytesWritten: number }>;
    const fault = (): Promise<void> => this.nextWrite();
    return new Proxy(fh, {
      get(target, prop, receiver) {
        if (prop !== 'write') {
          const value = Reflect.get(target, prop, receiver) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return async (...args: unknown[]) => {
          try {
            await fault();
          } catch (err) {
            // Half the bytes reach the file first, as a disk that fills up mid-write leaves them.
            const [buffer, offset = 0, length] = args as [Buffer, number, number];
            await write(buffer, offset, Math.floor((length ?? buffer.length) / 2));
            throw err;
          }
          return write(...args);
        };
      },
    });
  };

  private async nextWrite(): Promise<void> {
    if (this.stall) await this.stall;
    if (this.failures <= 0) return;
    this.failures--;
    this.failed++;
    throw Object.assign(new Error(`${this.code}: no space left on device, write`), { code: this.code });
  }
}
