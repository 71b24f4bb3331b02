import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';
import type { Advance } from '../sandboxClock';
import type { SandboxCore } from '../sandboxCore';
import { envelopeBody } from './envelope';
import { respondIdempotently } from './idempotentRequest';

/** Exactly one of seconds and to, as the API and the console both take it. */
export function advanceOf(body: { seconds?: number; to?: string }): Advance {
  const { seconds, to } = body;
  if (seconds === undefined && to === undefined)
    throw new SandboxError(
      'parameter_missing',
      'Send seconds (an integer ≥ 1) or to (an RFC 3339 time).',
      'seconds',
    );
  if (seconds !== undefined && to !== undefined)
    throw new SandboxError('parameter_invalid', 'Send either seconds or to, not both.', 'to');
  return seconds !== undefined ? { seconds } : { to: to as string };
}

/**
 * POST /sandbox/clock/advance under docs/contract.md §5: with an Idempotency-Key the move and its stored
 * answer are one commit, so a retry gets the first answer and the clock moves once. A refused move
 * (400) is not stored, like any 400.
 */
export async function respondWithAdvance(
  request: FastifyRequest,
  reply: FastifyReply,
  core: SandboxCore,
  by: Advance,
): Promise<FastifyReply> {
  return respondIdempotently(request, reply, core, async (store) => {
    if (store === null) return { status: 200, body: envelopeBody(await core.time.advance(by), request.id) };
    let body = '';
    await core.time.advance(by, (moved, movedTo) => {
      body = envelopeBody(moved, request.id);
      return [store(200, body, movedTo)];
    });
    return { status: 200, body };
  });
}
