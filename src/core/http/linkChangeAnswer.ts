import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LinkChange, PaymentLinks } from '../domain/paymentLinks';
import { SandboxError } from '../errors';
import type { SandboxCore } from '../sandboxCore';
import { dataBody, errorBody } from './envelope';
import { respondIdempotently } from './idempotentRequest';

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
