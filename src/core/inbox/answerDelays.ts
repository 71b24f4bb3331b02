import type { ServerResponse } from 'node:http';

/**
 * The inbox's delayed answers in progress. A delay ends early when its client leaves (a sandbox
 * delivery that timed out) or when the server closes, so none holds a timer, a socket or the
 * server's close for up to a minute.
 */
export class AnswerDelays {
  private readonly pending = new Set<() => void>();
  private closed = false;

  /**
   * Resolves after `ms`, or at once when `res` closes or the server does. Once the server closes,
   * the answer carries Connection: close, or its kept-alive socket would hold the close open.
   */
  async wait(ms: number, res: ServerResponse): Promise<void> {
    if (ms > 0 && !this.closed && !res.destroyed) {
      await new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          res.off('close', end);
          this.pending.delete(end);
          resolve();
        };
        const timer = setTimeout(end, ms);
        res.on('close', end);
        this.pending.add(end);
      });
    }
    if (this.closed) res.setHeader('connection', 'close');
  }

  /** Ends every wait now; later ones do not wait. */
  closeAll(): void {
    this.closed = true;
    for (const end of [...this.pending]) end();
  }

  get size(): number {
    return this.pending.size;
  }
}
