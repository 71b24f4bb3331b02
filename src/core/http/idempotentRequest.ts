// The Idempotency-Key flow of a mutating route (docs/decisions.md, "Idempotency"): claim or
// replay, the change and its stored answer in one commit, the claim released. A route takes part
// by `config: { idempotent: true }`, which also documents the header and its 409 and 422
// (openapi/idempotencyKey.ts), so a route cannot take a key without documenting it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';
import { fingerprint } from '../idempotency';
import type { SandboxCore } from '../sandboxCore';
import type { IdempotencyRecord, Op } from '../store/ops';
import { sendJson } from './respond';

declare module 'fastify' {
  interface FastifyRequest {
    replayed: boolean;
  }
}

/** The op that stores the answer under the key; `keptFrom` is when its 24 hours start (see IdempotencyClaim). */
export type StoreAnswer = (status: number, body: string, keptFrom?: number) => Op;

/** What the route answers; the flow sends it, or sends the stored one on a retry. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * The request's Idempotency-Key. Node joins a repeated header into one value ("a, b"), which
 * would pass as a key of its own: the raw headers tell a repeat from a key that holds a comma.
 */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  const raw = request.raw.rawHeaders;
  let given = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'idempotency-key') given++;
  }
  if (given > 1) {
    throw new SandboxError(
      'idempotency_key_invalid',
      `Send one Idempotency-Key header, not ${given}.`,
      'Idempotency-Key',
    );
  }
  return key as string;
}

/** The stored response of a retried request, byte for byte, under its first request's id. */
function sendReplay(request: FastifyRequest, reply: FastifyReply, replay: IdempotencyRecord): FastifyReply {
  request.replayed = true;
  reply.header('idempotent-replayed', 'true').header('x-request-id', replay.request_id);
  return sendJson(reply, replay.status, replay.body);
}

/**
 * Answers a mutating request under its Idempotency-Key. Without a key `act` runs with no way to
 * store its answer (or, when `keyRequired`, the request is refused). With one, a retry of the same
 * request gets the stored answer, another request under the key 422 idempotency_key_reused, and
 * one still running 409 idempotency_request_in_progress; else `act` runs and commits its change
 * together with `store(status, body)`, so a crash loses both or neither.
 */
export async function respondIdempotently(
  request: FastifyRequest,
  reply: FastifyReply,
  core: SandboxCore,
  act: (store: StoreAnswer | null) => Promise<Answer>,
  keyRequired = false,
): Promise<FastifyReply> {
  if (request.routeOptions.config.idempotent !== true)
    throw new Error(
      `${request.method} ${request.routeOptions.url} takes an Idempotency-Key: give it config.idempotent`,
    );
  const key = idempotencyKey(request);
  if (key === undefined) {
    if (keyRequired) {
      throw new SandboxError(
        'parameter_missing',
        'This sandbox requires an Idempotency-Key header on creates (Settings → require Idempotency-Key); send a unique value of 1 to 255 characters.',
        'Idempotency-Key',
      );
    }
    const answer = await act(null);
    return sendJson(reply, answer.status, answer.body);
  }
  const outcome = core.idempotency.begin(
    request.apiKey as string,
    key,
    fingerprint(request.method, request.url, request.body),
  );
  if ('replay' in outcome) return sendReplay(request, reply, outcome.replay);
  try {
    const answer = await act((status, body, keptFrom) =>
      outcome.claim.record(status, body, request.id, keptFrom),
    );
    return sendJson(reply, answer.status, answer.body);
  } finally {
    outcome.claim.release();
  }
}
