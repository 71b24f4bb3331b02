import type { FastifyReply } from 'fastify';
import Type from 'typebox';

/** A long-poll waits at most this long: under common proxies' and clients' idle timeouts. */
export const MAX_WAIT_SECONDS = 60;

/** `?wait=SECONDS` of a route that can wait, `until` saying for what. */
export const waitParam = (until: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_WAIT_SECONDS,
      description: `a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}: ${until}`,
    }),
  );

/** Aborts once the client has gone, so a wait on its behalf ends with it. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return gone.signal;
}
