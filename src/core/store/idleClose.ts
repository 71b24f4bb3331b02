/** How long a file stays open with nothing written to it. */
export const IDLE_CLOSE_MS = 5000;

/**
 * Closes a file once IDLE_CLOSE_MS pass without a write, and lets the next write open it again:
 * a thousand idle workspaces hold no thousand files (docs/storage.md). The journal and the JSON
 * lines logs each keep one. `busy` says whether work is under way that counts as a write; one
 * timer at most, which never keeps the process alive.
 */
export class IdleClose {
  private lastWrite = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly busy: () => boolean,
    private readonly close: () => void,
  ) {}

  /** A write: the file stays open IDLE_CLOSE_MS more. */
  wrote(): void {
    this.lastWrite = performance.now();
    this.arm();
  }

  /** Whether IDLE_CLOSE_MS have passed since the last write. */
  get idle(): boolean {
    return performance.now() - this.lastWrite >= IDLE_CLOSE_MS;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.timer) return;
    const left = this.lastWrite + IDLE_CLOSE_MS - performance.now();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.busy()) this.lastWrite = performance.now();
        if (this.idle) this.close();
        else this.arm();
      },
      Math.max(left, 0) + 1,
    ).unref();
  }
}
