// The console's own code (its store, its consoleClient) run under Node against a real sandbox: in
// memory, on a free port. The page's relative addresses (/_console/api/…) resolve against the
// sandbox's origin, as a browser resolves them against the page it loaded, and the event stream is
// read as the page's EventSource reads it. Nothing of the console is replaced.
import { startSandbox, type RunningSandbox } from '../core';
import type { ConsoleStreamEvent } from '../shared/types';

export interface ConsolePage {
  sandbox: RunningSandbox;
  /** A Payment Links API call, as a developer's app makes it. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /**
   * Reads the console's event stream, each event handed to `onEvent` as it arrives; settles once
   * the stream is open, so a change made after it is seen.
   */
  listen(onEvent: (event: ConsoleStreamEvent) => void): Promise<void>;
  /** Stops the sandbox, as a tester's Ctrl+C would: the page goes on asking it. */
  stopSandbox(): Promise<void>;
  /** Stops the stream and the sandbox, and gives fetch back its own addresses. */
  close(): Promise<void>;
}

export async function openConsolePage(): Promise<ConsolePage> {
  const sandbox = await startSandbox({ port: 0, schedulerIntervalMs: 50 });
  const ownFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    ownFetch(typeof input === 'string' && input.startsWith('/') ? sandbox.origin + input : input, init);
  const streams = new AbortController();
  let stopping: Promise<void> | undefined;
  const stopSandbox = () => (stopping ??= sandbox.close());

  return {
    sandbox,

    async api(method, path, body) {
      const response = await ownFetch(sandbox.origin + path, {
        method,
        headers: { authorization: 'Bearer sk_test_console_page', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },

    async listen(onEvent) {
      const response = await ownFetch(`${sandbox.origin}/_console/api/events`, { signal: streams.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let opened: () => void = () => undefined;
      const open = new Promise<void>((resolve) => (opened = resolve));
      // A stream cut off (the sandbox stopped, the page closed) ends, as the page's does.
      const next = () => reader.read().catch(() => ({ done: true as const, value: undefined }));
      void (async () => {
        let text = '';
        for (;;) {
          const { done, value } = await next();
          if (done) return;
          text += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const message = text.slice(0, end);
            text = text.slice(end + 2);
            const type = /^event: (.*)$/m.exec(message)?.[1];
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if (type === 'ready') opened();
            else if (type && data) onEvent(JSON.parse(data) as ConsoleStreamEvent);
          }
        }
      })();
      await open;
    },

    stopSandbox,

    async close() {
      streams.abort();
      globalThis.fetch = ownFetch;
      await stopSandbox();
    },
  };
}

/** A store as zustand makes one: read, and told of each change. */
interface WatchedStore<S> {
  getState(): S;
  subscribe(listener: (state: S) => void): () => void;
}

/** Settles once the store's state passes `check`, now or after a later change. */
export const stateReaches = <S>(store: WatchedStore<S>, check: (state: S) => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (check(store.getState())) return resolve();
    const stop = store.subscribe((state) => {
      if (!check(state)) return;
      stop();
      resolve();
    });
  });
