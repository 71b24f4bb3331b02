// Live changes gathered into batches, so a burst of thousands costs one render: items wait until
// the first of them has waited `waitMs`, or until `maxItems` are waiting, then go out together in
// the order they came.

export interface BatcherOptions {
  waitMs: number;
  /** A batch this large goes out at once, so one render never takes an unbounded burst. */
  maxItems?: number;
}

/** The console's live changes: gathered for 50 ms, at most 10,000 to a render. */
export const LIVE_BATCH: BatcherOptions = { waitMs: 50, maxItems: 10_000 };

export interface Batcher<T> {
  push(item: T): void;
  /** Forgets what is waiting: it belongs to a state that is gone (a replaced store). */
  clear(): void;
  /** Hands over what is waiting now; pushes after it go out as soon as they come. */
  close(): void;
}

export function createBatcher<T>(flush: (items: T[]) => void, options: BatcherOptions): Batcher<T> {
  const maxItems = options.maxItems ?? Infinity;
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const send = () => {
    stopTimer();
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    flush(items);
  };

  return {
    push(item) {
      pending.push(item);
      if (closed || pending.length >= maxItems) send();
      else timer ??= setTimeout(send, options.waitMs);
    },
    clear() {
      stopTimer();
      pending = [];
    },
    close() {
      closed = true;
      send();
    },
  };
}
