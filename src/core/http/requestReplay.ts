import type { FastifyInstance } from 'fastify';
import type { RequestLogEntry, Settings } from '../../shared/types';
import { NOT_RESENT, REPLAY_OF_HEADER } from '../../shared/resentHeaders';

/** Recomputed or meaningless on a new request; the key is put back from the settings. */
const DROPPED = new Set([...NOT_RESENT, 'authorization']);

/**
 * The log keeps only a key's first 12 characters, so a replay sends the accepted key that starts
 * with them or, when any sk_test_ key is accepted, the prefix itself (a valid key with the same
 * prefix). A refused key stays refused: its prefix is refused the same way (sk_live_…).
 */
export function replayKey(prefix: string, settings: Settings): string {
  const start = prefix.replace(/…$/, '');
  return settings.api_keys.find((key) => key.startsWith(start)) ?? start;
}

/** Sends a logged request again through the whole app (auth, faults, idempotency), as the app sent it. */
export async function replayRequest(
  app: FastifyInstance,
  entry: RequestLogEntry,
  settings: Settings,
): Promise<void> {
  const headers: Record<string, string> = { [REPLAY_OF_HEADER]: String(entry.seq) };
  for (const [name, value] of Object.entries(entry.request_headers)) {
    if (!DROPPED.has(name)) headers[name] = value;
  }
  if (entry.key_prefix !== null) headers.authorization = `Bearer ${replayKey(entry.key_prefix, settings)}`;
  else if (entry.request_headers.authorization !== undefined)
    headers.authorization = entry.request_headers.authorization;
  await app.inject({
    method: entry.method as 'GET',
    url: entry.path,
    headers,
    ...(entry.request_body === null ? {} : { payload: entry.request_body }),
  });
}
