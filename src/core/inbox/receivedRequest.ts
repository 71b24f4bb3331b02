import type { IncomingMessage } from 'node:http';
import { SandboxError } from '../errors';

/** docs/contract.md §12: the first 256 KiB of a body is kept; the rest is read and dropped. */
export const KEPT_BODY_BYTES = 256 * 1024;

export interface ReadBody {
  body: Buffer;
  /** The whole body's size, kept or not. */
  bytes: number;
  truncated: boolean;
}

/**
 * Reads a request's body as raw bytes, whatever its Content-Type, keeping the first
 * KEPT_BODY_BYTES: a sender of gigabytes costs time, never memory. Rejects with a 400 when the
 * sender goes before the body ends.
 */
export function readKeptBody(raw: IncomingMessage): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    raw.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (kept >= KEPT_BODY_BYTES) return;
      const part = chunk.subarray(0, KEPT_BODY_BYTES - kept);
      chunks.push(part);
      kept += part.length;
    });
    raw.on('end', () => resolve({ body: Buffer.concat(chunks, kept), bytes, truncated: bytes > kept }));
    const cut = (err: Error) =>
      reject(
        new SandboxError(
          'parameter_invalid',
          `The upload stopped before the whole body arrived (${err.message}); nothing was recorded.`,
        ),
      );
    raw.on('error', cut);
    // Closed before its end: the sender went mid-body (without an error on some Node versions).
    raw.on('close', () => {
      if (!raw.complete) cut(new Error('the connection closed'));
    });
  });
}

/** The headers as received, each once (repeated ones joined with ", "). */
export function flatHeaders(raw: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The `type` of a JSON object body (payment_link.paid…) and, for a payment_link.* event, the link
 * it is about (`data.id`), for the inbox's list.
 */
export function eventOf(body: Buffer, truncated: boolean): { type: string | null; link_id: string | null } {
  const none = { type: null, link_id: null };
  if (truncated || body[0] !== 0x7b) return none;
  let parsed: { type?: unknown; data?: { id?: unknown } | null };
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    return none;
  }
  const type = typeof parsed.type === 'string' ? parsed.type.slice(0, 200) : null;
  const id = typeof parsed.data === 'object' ? parsed.data?.id : undefined;
  const link_id = type?.startsWith('payment_link.') && typeof id === 'string' ? id.slice(0, 200) : null;
  return { type, link_id };
}

/** The query string of a request's URL, without its `?` ('' when none). */
export function queryOf(url: string | undefined): string {
  const at = url?.indexOf('?') ?? -1;
  return at < 0 || url === undefined ? '' : url.slice(at + 1, at + 1 + 2048);
}
