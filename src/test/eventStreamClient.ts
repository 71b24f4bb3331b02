import { eventually } from './harness';

export interface SeenEvent {
  type: string;
  data: any;
  /** The message's id: field, when it has one. */
  id?: string;
  /** performance.now() when it was read. */
  at: number;
}

export interface EventStreamClient {
  response: Response;
  /** Every message read so far, in order. */
  seen: SeenEvent[];
  /** Stops reading and resolves once the reader has let go. */
  close(): Promise<void>;
}

/**
 * A console tab: reads GET /_console/api/events as fast as it comes, once it has said ready. Given
 * another path (GET /sandbox/logs, with its key and Accept header), reads that stream once it answers.
 */
export async function openEventStream(
  origin: string,
  other?: { path: string; headers: Record<string, string> },
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const seen: SeenEvent[] = [];
  const response = await fetch(`${origin}${other?.path ?? '/_console/api/events'}`, {
    headers: other?.headers,
    signal: controller.signal,
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(message)?.[1];
        const data = /^data: (.+)$/m.exec(message)?.[1];
        const id = /^id: (.+)$/m.exec(message)?.[1];
        if (type && data)
          seen.push({ type, data: JSON.parse(data), at: performance.now(), ...(id ? { id } : {}) });
      }
    }
  })().catch(() => undefined);
  if (!other)
    await eventually(
      async () => (seen.some((e) => e.type === 'ready') ? true : undefined),
      'the stream to open',
    );
  return {
    response,
    seen,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
