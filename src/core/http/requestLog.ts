import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestLogEntry } from '../../shared/types';
import { isoTime } from '../clock';
import type { UnnumberedEntry } from '../requestHistory';
import { loggedHeaders, presentedKey } from './loggedHeaders';
import { keyPrefix, withoutWebhookSecrets } from './loggedSecrets';
import { linkNamedBy } from './requestLink';
import { withoutToken } from './loggedUrl';
import { REPLAY_OF_HEADER } from '../../shared/resentHeaders';

const BODY_LIMIT = 64 * 1024;
/** The first 64 KiB of a body, its webhook secrets cut to their prefix before anything keeps it. */
const capped = (text: string | undefined): string | null =>
  text === undefined ? null : withoutWebhookSecrets(text.slice(0, BODY_LIMIT));

declare module 'fastify' {
  interface FastifyRequest {
    /** API routes only: the request body as received, and the response body as sent (for the Requests screen). */
    rawBody?: string;
    sentBody?: string;
  }
}

/**
 * A request as the log keeps it: what is built here is what is stored, served and streamed, so no
 * whole secret gets in (docs/contract.md §10).
 */
export function requestLogEntry(request: FastifyRequest, reply: FastifyReply, now: number): UnnumberedEntry {
  const key = request.headers['idempotency-key'];
  const api = request.sentBody !== undefined;
  const requestBody = capped(request.rawBody);
  const responseBody = capped(request.sentBody);
  // A replay answers with the first request's id, and is logged under it.
  const answeredAs = reply.getHeader('x-request-id');
  // A refused key is still worth seeing (an sk_live_ key, a typo): its prefix, marked rejected.
  // Beyond the API no key is asked for, and an Authorization is someone's credential (an inbox's sender's).
  const replayOf = Number(request.headers[REPLAY_OF_HEADER]);
  const refused = request.apiKey || !api ? null : presentedKey(request.headers.authorization);
  const linkId = linkNamedBy(request.method, request.url, reply.statusCode, request.body, request.sentBody);
  // Optional fields are set after, not spread in: a spread in a literal copies by the runtime's
  // generic path, on every request (issue 28).
  const entry: UnnumberedEntry = {
    request_id: typeof answeredAs === 'string' ? answeredAs : request.id,
    method: request.method,
    path: withoutToken(request.url),
    status: reply.statusCode,
    duration_ms: Math.round(reply.elapsedTime * 100) / 100,
    key_prefix: request.apiKey ? keyPrefix(request.apiKey) : refused === null ? null : keyPrefix(refused),
    idempotency_key: typeof key === 'string' ? key : null,
    replayed: request.replayed,
    at: isoTime(now),
    api,
    request_body_length: requestBody?.length ?? null,
    response_body_length: responseBody?.length ?? null,
    request_body: requestBody,
    response_body: responseBody,
    request_headers: loggedHeaders(request.headers, { api }),
    response_headers: loggedHeaders(reply.getHeaders(), { api }),
  };
  if (refused !== null) entry.key_rejected = true;
  if (Number.isSafeInteger(replayOf) && replayOf > 0) entry.replay_of = replayOf;
  if (linkId) entry.link_id = linkId;
  if (request.fault) {
    entry.fault = { rule_id: request.fault.id, action: request.fault.action.type };
    if (request.faultLatencyMs !== null) entry.fault.latency_ms = request.faultLatencyMs;
  }
  return entry;
}

export const formatRequestLine = (
  e: Pick<
    RequestLogEntry,
    'method' | 'path' | 'status' | 'duration_ms' | 'request_id' | 'replayed' | 'fault'
  >,
): string =>
  `${e.method} ${e.path} ${e.status} ${e.duration_ms.toFixed(1)}ms ${e.request_id}${e.replayed ? ' (replayed)' : ''}${e.fault ? ` (fault ${e.fault.rule_id}: ${e.fault.action})` : ''}`;
