import type { ServerResponse } from 'node:http';

/**
 * The inbox's delayed answers in progress. A delay ends early when its client leaves (a sandbox
 * delivery that timed out) or when the server closes, so none holds a timer, a socket or the
 * server's close for up to a minute.
 */
export class AnswerDelays {
  private readonly pending = new Set<() => void>();
  private closed = false;

  /** Resolves after `ms`, or at once when `res` closes or the server does; true if the wait ran out. */
  wait(ms: number, res: ServerResponse): Promise<boolean> {
    if (ms <= 0 || this.closed || res.destroyed) return Promise.resolve(ms <= 0);
    return new Promise((resolve) => {
      const end = (ranOut: boolean) => {
        clearTimeout(timer);
        res.off('close', cut);
        this.pending.delete(cut);
        resolve(ranOut);
      };
      const cut = () => end(false);
      const timer = setTimeout(() => end(true), ms);
      res.on('close', cut);
      this.pending.add(cut);
    });
  }

  /** Ends every wait now; later ones do not wait. */
  closeAll(): void {
    this.closed = true;
    for (const cut of [...this.pending]) cut();
  }

  get size(): number {
    return this.pending.size;
  }
}
