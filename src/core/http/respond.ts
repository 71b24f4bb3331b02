import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { LinkChange } from '../domain/paymentLinks';
import { SandboxError } from '../errors';
import { fingerprint } from '../idempotency';
import type { SandboxCore } from '../sandboxCore';
import type { IdempotencyRecord } from '../store/ops';
import { dataBody, envelopeBody, errorBody } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: string | null;
    replayed: boolean;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** No body at all reads as an empty object: a bodiless cancel is fine, a bodiless create is told what is missing. */
export const emptyBodyAsObject: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

/**
 * Answers once due changes are applied: all of `linkId`'s, whatever else is due, and the first
 * slice of the rest when no run is under way (a mass change goes on in slices, docs/decisions.md
 * "Mass changes"). Synchronous when nothing is due, the usual case.
 */
export function afterDueChanges<T>(core: SandboxCore, answer: () => T, linkId?: string): T | Promise<T> {
  const due = core.scheduler.catchUp(linkId);
  return due ? due.then(answer) : answer();
}

export const sendJson = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  reply.code(status).type(JSON_TYPE).send(body);

/** `{ data, meta }` for the request being answered. */
export const sendData = (reply: FastifyReply, status: number, data: unknown): FastifyReply =>
  sendJson(reply, status, envelopeBody(data, reply.request.id));

// Outcomes a retry must see again (contract §5); a 400 is not stored, so a corrected retry goes through.
const isStoredOutcome = (err: unknown): err is SandboxError =>
  err instanceof SandboxError && (err.status === 404 || err.status === 409);

/**
 * The request's Idempotency-Key. Node joins a repeated header into one value ("a, b"), which
 * would pass as a key of its own: the raw headers tell a repeat from a key that holds a comma.
 */
export function idempotencyKey(request: FastifyRequest): string | undefined {
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
export function sendReplay(
  request: FastifyRequest,
  reply: FastifyReply,
  replay: IdempotencyRecord,
): FastifyReply {
  request.replayed = true;
  reply.header('idempotent-replayed', 'true').header('x-request-id', replay.request_id);
  return sendJson(reply, replay.status, replay.body);
}

/**
 * A mutating request, in the contract's order: idempotency claim or replay, the domain's decision,
 * then one durable commit holding the change, its event and the stored response, then the reply.
 */
export async function respondWithChange(
  request: FastifyRequest,
  reply: FastifyReply,
  core: SandboxCore,
  successStatus: number,
  decide: () => LinkChange,
  keyRequired = false,
): Promise<FastifyReply> {
  const key = idempotencyKey(request);
  if (key === undefined) {
    if (keyRequired) {
      throw new SandboxError(
        'parameter_missing',
        'This sandbox requires an Idempotency-Key header on creates (Settings → require Idempotency-Key); send a unique value of 1 to 255 characters.',
        'Idempotency-Key',
      );
    }
    const change = decide();
    await core.store.commit(change.ops);
    return sendJson(reply, successStatus, dataBody(change.link, request.id));
  }
  const outcome = core.idempotency.begin(
    request.apiKey as string,
    key,
    fingerprint(request.method, request.url, request.body),
  );
  if ('replay' in outcome) return sendReplay(request, reply, outcome.replay);
  try {
    let status = successStatus;
    let body: string;
    let ops: LinkChange['ops'] = [];
    try {
      const change = decide();
      body = dataBody(change.link, request.id);
      ops = change.ops;
    } catch (err) {
      if (!isStoredOutcome(err)) throw err;
      status = err.status;
      body = errorBody(err, request.id);
    }
    await core.store.commit([...ops, outcome.claim.record(status, body, request.id)]);
    return sendJson(reply, status, body);
  } finally {
    outcome.claim.release();
  }
}
