import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { LinkChange, PaymentLinks } from '../domain/paymentLinks';
import { SandboxError } from '../errors';
import type { SandboxCore } from '../sandboxCore';
import { dataBody, envelopeBody, errorBody } from './envelope';
import { respondIdempotently } from './idempotentRequest';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: string | null;
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

// Outcomes a retry must see again (docs/contract.md §5); a 400 is not stored, so a corrected retry goes through.
const isStoredOutcome = (err: unknown): err is SandboxError =>
  err instanceof SandboxError && (err.status === 404 || err.status === 409);

/**
 * A mutating request on a link, through the one way a link changes (core.linkChanges): what is due
 * for `linkId` first, the domain's decision, then one durable commit holding the change, its event
 * and (under an Idempotency-Key) the stored response; then the reply.
 */
export async function respondWithChange(
  request: FastifyRequest,
  reply: FastifyReply,
  core: SandboxCore,
  successStatus: number,
  linkId: string | undefined,
  decide: (links: PaymentLinks) => LinkChange,
  keyRequired = false,
): Promise<FastifyReply> {
  return respondIdempotently(
    request,
    reply,
    core,
    async (store) => {
      let answer = { status: successStatus, body: '' };
      await core.linkChanges.apply(linkId, decide, {
        keep: store === null ? undefined : isStoredOutcome,
        alongside: (outcome) => {
          answer =
            'change' in outcome
              ? { status: successStatus, body: dataBody(outcome.change.link, request.id) }
              : { status: outcome.refused.status, body: errorBody(outcome.refused, request.id) };
          return store === null ? [] : [store(answer.status, answer.body)];
        },
      });
      return answer;
    },
    keyRequired,
  );
}
